// The HTTP server's composition root, `buildApplication`, lives in this module.
