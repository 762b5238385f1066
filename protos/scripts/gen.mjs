// Generates TypeScript types for every .proto under protos/touchline into protos/gen, and
// descriptor.json, the protos parsed, which the runtime loads instead of the .proto text.
// The generated files are build output (gitignored): the .proto files are the single source.
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const protoDir = join(root, 'touchline');
const outDir = join(root, 'gen');
const files = readdirSync(protoDir)
  .filter((f) => f.endsWith('.proto'))
  .map((f) => join('touchline', f));
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
if (files.length > 0) {
  const require = createRequire(import.meta.url);
  const bin = join(
    dirname(require.resolve('@grpc/proto-loader/package.json')),
    'build/bin/proto-loader-gen-types.js',
  );
  execFileSync(
    process.execPath,
    [
      bin,
      '--grpcLib=@grpc/grpc-js',
      '--longs=Number',
      '--enums=String',
      '--defaults',
      '--oneofs',
      '--includeDirs',
      root,
      '--outDir',
      outDir,
      ...files,
    ],
    { stdio: 'inherit', cwd: root },
  );
}
// The parsed protos for the runtime (src/loader.ts): no process parses .proto text again.
const protobuf = createRequire(import.meta.url)('protobufjs');
const parsed = new protobuf.Root();
parsed.resolvePath = (_origin, target) => join(root, target);
// Field names in camelCase, as proto-loader (keepCase: false) and the generated types have them.
parsed.loadSync(files, { keepCase: false });
writeFileSync(join(outDir, 'descriptor.json'), JSON.stringify(parsed.toJSON()));
console.log(`protos: generated types for ${files.length} files into protos/gen`);
