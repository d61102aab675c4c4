// The pieces an OpenAPI exporter (or anything else reading OpenAPI) can reuse.
export {
  baseUrlOf,
  dereferenceOpenApi,
  isOpenApiDocument,
  openApiTree,
  operationDoc,
  operationTitle,
  SCHEMAS_CATALOG,
  UNTAGGED_CATALOG,
} from './openapi-import';
export { exampleOf, mergeAllOf, refName, schemaRows, typeOf, type Schema } from './schema';
