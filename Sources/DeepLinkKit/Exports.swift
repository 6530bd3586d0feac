// `import DeepLinkKit` is the whole core: the dispatcher, declared in this module, and the router,
// declared in `DeepLinkKitRouting` (`Router/`) and re-exported here. Every public symbol is a
// linker root, so the router is a module of its own: an app that only resolves links imports
// `DeepLinkKitRouting` and carries no dispatcher (Benchmarks/README.md, "Code size").
//
// An `@_exported import` is seen by every file of the module, so the dispatcher's files import
// nothing more. Compiled as one module with `Router/` (all of `Sources/DeepLinkKit` in one
// compile, as a source-vendoring build or a plain `swiftc` check does), there is no router module
// to import, and the core is the one module it was before the split.
#if canImport(DeepLinkKitRouting)
  @_exported import DeepLinkKitRouting
#endif
