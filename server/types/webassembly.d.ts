/**
 * Node runs WebAssembly, but @types/node 20 leaves its types to the DOM lib, which the server's tsconfig does not load:
 * the one type the server names (a compiled module, handed to PGlite).
 */
declare namespace WebAssembly {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an opaque handle, merged with the DOM lib's where that is loaded
  interface Module {}
}
