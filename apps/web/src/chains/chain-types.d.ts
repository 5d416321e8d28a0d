// Module declarations of the bitcoin family's untyped dependencies (compiled through the web app).
/// <reference path="../../../../chains/bitcoin/src/types/groestl-hash-js.d.ts" />
