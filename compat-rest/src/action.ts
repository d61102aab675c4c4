import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services, Viewer } from '../../api/src/domain';
import { readParams, type ParamShape, type ParamValues, type RequestParams } from './params';
import type { Wire } from './wire';

/** anon: no token read; opt: a valid token identifies, a bad one is ignored; login: 10102 without one. */
export type Auth = 'anon' | 'opt' | 'login';

export interface ActionContext {
  services: Services;
  viewer: Viewer;
  params: RequestParams;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The streamed file part of an upload action (null: the request carried none). */
  file?: UploadedFile | null;
}

/** A multipart file part, not yet read: the action streams it to storage. */
export interface UploadedFile {
  filename: string;
  stream: Readable;
}

export interface Action<S extends ParamShape = ParamShape> {
  auth: Auth;
  params: S;
  /**
   * Upload actions: the multipart field of the file, which is streamed to the action instead of being
   * buffered with the body (fields must come before it, as in S3's form uploads).
   */
  fileField?: string;
  /** Upload actions whose file may exceed the site's attachment limit (imports): their own limit in bytes. */
  fileLimit?: (services: Services) => number;
  /** Returns the envelope's `data` (undefined = `[]`), or sends a non-envelope reply itself. */
  handle(ctx: ActionContext, params: ParamValues<S>): Promise<Wire | undefined | void>;
}

export function action<S extends ParamShape>(definition: Action<S>): Action<S> {
  return definition;
}

export function runAction<S extends ParamShape>(definition: Action<S>, ctx: ActionContext) {
  return definition.handle(ctx, readParams(definition.params, ctx.params));
}

/** A controller: action names as ShowDoc spells them (matched case-insensitively). */
export type Controller = Record<string, Action>;
