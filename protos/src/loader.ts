import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

/** Folder holding touchline/*.proto; also the include root for imports between them. */
export const PROTO_ROOT = path.join(__dirname, '..');

/** The same options the type generator (scripts/gen.mjs) uses, so runtime objects match the generated types. */
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

export function loadProto<T>(file: string): T {
  return grpc.loadPackageDefinition(protoLoader.loadSync(file, LOADER_OPTIONS)) as unknown as T;
}
