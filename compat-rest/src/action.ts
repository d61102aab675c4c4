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
}

export interface Action<S extends ParamShape = ParamShape> {
  auth: Auth;
  params: S;
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
