/**
 * Stand-ins, loaded on first use, for two Node built-ins that @middy/core imports at its top:
 * `ReadableStream` (node:stream/web) and `pipeline` (node:stream/promises). Middy uses them only
 * for streamed responses (`streamifyResponse`), which no function here enables, yet importing
 * them costs every cold start ~3.5 ms (node:stream/web builds the WHATWG streams; measured with
 * in-process import timings, issue 11). infra/bundling/build-functions.ts resolves middy's imports of
 * those two modules to this file; everything else imports the real ones.
 *
 * The stand-ins behave as the originals where middy uses them: `value instanceof ReadableStream`
 * and `await pipeline(source, destination)`.
 */
import type * as StreamWeb from 'node:stream/web';
import type * as StreamPromises from 'node:stream/promises';

const streamWeb = () => process.getBuiltinModule('node:stream/web') as typeof StreamWeb;
const streamPromises = () => process.getBuiltinModule('node:stream/promises') as typeof StreamPromises;

/** `x instanceof ReadableStream` is true exactly for node:stream/web's ReadableStream instances. */
export const ReadableStream = {
  [Symbol.hasInstance]: (value: unknown): boolean => value instanceof streamWeb().ReadableStream,
};

/**
 * node:stream/promises' pipeline, loaded on the first call.
 * @returns what the original returns: a promise settled when the pipeline ends or fails
 */
export const pipeline: typeof StreamPromises.pipeline = ((...streams: unknown[]) =>
  (streamPromises().pipeline as (...s: unknown[]) => Promise<void>)(...streams)) as typeof StreamPromises.pipeline;
