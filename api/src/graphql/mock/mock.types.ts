import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Mock } from '../../../../db/src';

@ObjectType({ description: "A page's mock endpoint: a Mock.js template served as generated JSON" })
export class PageMock {
  @Field(() => Int, { description: 'The page the mock belongs to' })
  pageId!: number;

  @Field(() => Int, { description: "The page's item (part of the mock-path URL)" })
  itemId!: number;

  @Field({ description: 'The 32-hex key of the mock-data URL' })
  uniqueKey!: string;

  @Field({ description: 'The Mock.js template (JSON text)' })
  template!: string;

  @Field({ description: "The request path it answers: `/x`, or `~regex` (default '/')" })
  path!: string;

  @Field(() => Int, { description: 'How many times the mock was served' })
  viewTimes!: number;

  @Field({ description: 'When the mock was last saved' })
  updatedAt!: Date;

  static from(mock: Mock): PageMock {
    return Object.assign(new PageMock(), {
      pageId: mock.page.id,
      itemId: mock.item.id,
      uniqueKey: mock.uniqueKey,
      template: mock.template,
      path: mock.path,
      viewTimes: mock.viewTimes,
      updatedAt: mock.updatedAt,
    });
  }
}

@InputType({ description: 'One HTTP header of a relayed request or response' })
export class HttpHeaderInput {
  @Field({ description: 'Header name' })
  name!: string;

  @Field({ description: 'Header value' })
  value!: string;
}

@ObjectType({ description: 'One HTTP header of a relayed response' })
export class HttpHeader {
  @Field({ description: 'Header name as the server sent it' })
  name!: string;

  @Field({ description: 'Header value' })
  value!: string;
}

@InputType({ description: "A request the HTTP console sends through the server's relay" })
export class RelayRequestInput {
  @Field({ description: 'GET, POST, PUT, PATCH, DELETE, HEAD or OPTIONS' })
  method!: string;

  @Field({ description: 'Absolute http(s) URL of the target' })
  url!: string;

  @Field(() => [HttpHeaderInput], { description: 'Request headers (at most 50)' })
  headers!: HttpHeaderInput[];

  @Field({ description: 'Request body (at most 1 MB); empty for none' })
  body!: string;
}

@ObjectType({ description: 'What the target of a relayed request answered' })
export class RelayResponse {
  @Field(() => Int, { description: 'HTTP status code' })
  status!: number;

  @Field({ description: 'HTTP status text' })
  statusText!: string;

  @Field(() => [HttpHeader], { description: 'Response headers, in order' })
  headers!: HttpHeader[];

  @Field({ description: 'Response body as UTF-8 text (at most 1 MB)' })
  body!: string;

  @Field({ description: 'Whether the body was cut at 1 MB' })
  truncated!: boolean;

  @Field(() => Int, { description: 'Milliseconds from sending to the end of the answer' })
  durationMs!: number;
}
