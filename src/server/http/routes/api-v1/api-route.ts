import type { z } from 'zod';
import type { ApiScope } from '@shared/api-keys';
import type { ApiCaller } from '../../../core/api-keys/authenticate-api-key';
import type { AppDeps } from '../../context';

// One declaration per /api/v1 endpoint (docs/decisions/059-api-keys-and-rest-api.md): the router mounts it
// (validating params, query and body with its zod schemas, checking its scope) and openapi.json is generated
// from the same object, so the document cannot leave a route out or describe another input than the one
// checked.

type AnyObject = z.ZodObject;

export interface ApiRouteInput<P extends AnyObject, Q extends AnyObject, B extends z.ZodType> {
  params: z.output<P>;
  query: z.output<Q>;
  body: z.output<B>;
  caller: ApiCaller;
  deps: AppDeps;
}

export interface ApiRoute<
  P extends AnyObject = AnyObject,
  Q extends AnyObject = AnyObject,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'get' | 'post';
  /** The OpenAPI path below /api/v1, parameters in braces: '/events/{id}'. */
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  scope: ApiScope;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Error statuses this route may answer beside 401, 403, 429 (which every route may). */
  errors?: (400 | 404 | 409 | 422)[];
  handle(input: ApiRouteInput<P, Q, B>): Promise<z.input<R>>;
}

/** Declares a route with its types inferred from its schemas. */
export const apiRoute = <P extends AnyObject, Q extends AnyObject, B extends z.ZodType, R extends z.ZodType>(
  route: ApiRoute<P, Q, B, R>,
) => route as unknown as ApiRoute;
