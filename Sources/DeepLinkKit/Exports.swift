// `import DeepLinkKit` is the whole core: the dispatcher, declared in this module, and the router,
// declared in `DeepLinkKitRouting` and re-exported here. Every public symbol is a linker root, so
// the router lives in a module of its own: an app that only resolves links imports
// `DeepLinkKitRouting` and carries no dispatcher (Benchmarks/README.md, "Code size").
@_exported import DeepLinkKitRouting
