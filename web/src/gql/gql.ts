/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment MeFields on Me {\n  id\n  username\n  name\n  email\n  groupId\n  isAdmin\n}\n\nquery Me {\n  me {\n    ...MeFields\n  }\n}\n\nmutation CreateCaptcha {\n  createCaptcha {\n    id\n    image\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    expiresAt\n    user {\n      ...MeFields\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    expiresAt\n    user {\n      ...MeFields\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}\n\nmutation UpdateProfile($name: String!) {\n  updateProfile(name: $name) {\n    ...MeFields\n  }\n}\n\nmutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n  changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n}": typeof types.MeFieldsFragmentDoc,
    "query SiteInfo {\n  siteInfo {\n    homePage\n    homeItem\n    beian\n    registerOpen\n    publicSquareEnabled\n    oauth2Open\n    oauth2EntranceTips\n    version\n  }\n}": typeof types.SiteInfoDocument,
};
const documents: Documents = {
    "fragment MeFields on Me {\n  id\n  username\n  name\n  email\n  groupId\n  isAdmin\n}\n\nquery Me {\n  me {\n    ...MeFields\n  }\n}\n\nmutation CreateCaptcha {\n  createCaptcha {\n    id\n    image\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    expiresAt\n    user {\n      ...MeFields\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    expiresAt\n    user {\n      ...MeFields\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}\n\nmutation UpdateProfile($name: String!) {\n  updateProfile(name: $name) {\n    ...MeFields\n  }\n}\n\nmutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n  changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n}": types.MeFieldsFragmentDoc,
    "query SiteInfo {\n  siteInfo {\n    homePage\n    homeItem\n    beian\n    registerOpen\n    publicSquareEnabled\n    oauth2Open\n    oauth2EntranceTips\n    version\n  }\n}": types.SiteInfoDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment MeFields on Me {\n  id\n  username\n  name\n  email\n  groupId\n  isAdmin\n}\n\nquery Me {\n  me {\n    ...MeFields\n  }\n}\n\nmutation CreateCaptcha {\n  createCaptcha {\n    id\n    image\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    expiresAt\n    user {\n      ...MeFields\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    expiresAt\n    user {\n      ...MeFields\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}\n\nmutation UpdateProfile($name: String!) {\n  updateProfile(name: $name) {\n    ...MeFields\n  }\n}\n\nmutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n  changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n}"): (typeof documents)["fragment MeFields on Me {\n  id\n  username\n  name\n  email\n  groupId\n  isAdmin\n}\n\nquery Me {\n  me {\n    ...MeFields\n  }\n}\n\nmutation CreateCaptcha {\n  createCaptcha {\n    id\n    image\n  }\n}\n\nmutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    expiresAt\n    user {\n      ...MeFields\n    }\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    expiresAt\n    user {\n      ...MeFields\n    }\n  }\n}\n\nmutation Logout {\n  logout\n}\n\nmutation UpdateProfile($name: String!) {\n  updateProfile(name: $name) {\n    ...MeFields\n  }\n}\n\nmutation ChangePassword($oldPassword: String!, $newPassword: String!) {\n  changePassword(oldPassword: $oldPassword, newPassword: $newPassword)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SiteInfo {\n  siteInfo {\n    homePage\n    homeItem\n    beian\n    registerOpen\n    publicSquareEnabled\n    oauth2Open\n    oauth2EntranceTips\n    version\n  }\n}"): (typeof documents)["query SiteInfo {\n  siteInfo {\n    homePage\n    homeItem\n    beian\n    registerOpen\n    publicSquareEnabled\n    oauth2Open\n    oauth2EntranceTips\n    version\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;