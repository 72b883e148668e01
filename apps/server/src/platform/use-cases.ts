// A module split into use cases (modules/<m>/use-cases/<job>.ts: plain functions taking the module's deps first)
// hands the routes, the other modules and the housekeeping each use case with those deps already given.

/** The binder of a module's deps: `bound(useCase)` is the use case without its first argument. */
export function bindDeps<D>(deps: D) {
  return <A extends unknown[], R>(useCase: (deps: D, ...args: A) => R) =>
    (...args: A): R =>
      useCase(deps, ...args);
}
