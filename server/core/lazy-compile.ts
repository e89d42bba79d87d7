import SerializerSelector, { type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Compiling every route's validators (Ajv) and serializers (fast-json-stringify) is slow, a large share of a start-up
 * (docs/performance.md). Each one compiles on its route's first request, and once the server listens the rest
 * compile in the background, one per turn of the event loop, so neither start-up nor a first request waits for them.
 */
export function createLazyCompiler() {
  const pending = new Set<() => unknown>();

  /** A getter that compiles on its first call and returns the same compiled function after. */
  function lazily<T>(compile: () => T): () => T {
    let compiled: T | undefined;
    const get = () => {
      if (compiled === undefined) {
        pending.delete(get);
        compiled = compile();
      }
      return compiled;
    };
    pending.add(get);
    return get;
  }

  /** Compiles what no request has needed yet, yielding between each so requests go first. */
  let rest: Promise<void> = Promise.resolve();
  function compileRest() {
    rest = (async () => {
      for (const get of pending) {
        get();
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    return rest;
  }

  /** Settles once the background compilation has ended: a benchmark measures requests, not compilers. */
  const restCompiled = () => rest;

  return { lazily, compileRest, restCompiled };
}

export type LazyCompiler = ReturnType<typeof createLazyCompiler>;

/** Fastify's own response serializers (fast-json-stringify, same options), each compiled when first needed. */
export function lazySerializers({ lazily }: LazyCompiler): SerializerFactory {
  const factory = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (route) => {
      const serializer = lazily(() => compile(route));
      return (doc) => serializer()(doc);
    };
  };
}
