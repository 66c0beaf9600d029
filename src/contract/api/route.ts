// The shape of one entry of the route registry (routes.ts): method, a path builder, what the
// caller sends and the schema of the answer's `data`. Both ends are typed from the same entry:
// the client sends `RequestOf` and gets `AnswerOf` (the schema's output, after its transforms);
// the server answers `AnswerData` (the schema's input, the bytes on the wire).
import type * as core from 'zod/v4/core';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];

/** What a call sends besides its path: a query, a body, each only where the route takes one. */
export interface RouteRequest {
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
}

/** A route that takes neither query nor body. */
export type NoRequest = Record<never, never>;

/** A path builder: `() => '/index'`, or one object of ids for a path that carries them. */
export type PathBuilder = (params: never) => string;

export interface Route<
  Req extends RouteRequest = RouteRequest,
  Path extends PathBuilder = PathBuilder,
  Answer extends core.$ZodType = core.$ZodType,
> {
  readonly method: HttpMethod;
  readonly path: Path;
  /** The schema of the answer envelope's `data`. */
  readonly answer: Answer;
  /** Type only (never set): what the caller sends. */
  readonly request?: Req;
}

/**
 * Declares an entry: `route<{ body: X }>()({ method, path, answer })`. Curried so the request
 * type is named while the path and the answer schema are inferred.
 */
export const route =
  <Req extends RouteRequest = NoRequest>() =>
  <Path extends PathBuilder, Answer extends core.$ZodType>(entry: {
    method: HttpMethod;
    path: Path;
    answer: Answer;
  }): Route<Req, Path, Answer> =>
    entry;

/** The ids a route's path needs, as the caller passes them (`params`), or none. */
export type ParamsOf<R extends Route> =
  Parameters<R['path']> extends [] ? { params?: never } : { params: Parameters<R['path']>[0] };

/** The query and body a caller sends on this route. */
export type RequestOf<R extends Route> = NonNullable<R['request']>;

/** The answer's data as the client reads it (after the schema's transforms). */
export type AnswerOf<R extends Route> = core.output<R['answer']>;

/** The answer's data as the server writes it (the wire shape the schema accepts). */
export type AnswerData<R extends Route> = core.input<R['answer']>;
