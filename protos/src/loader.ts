import path from 'node:path';
import type * as grpc from '@grpc/grpc-js';
import { Root, type INamespace, type IConversionOptions, type Method, type Type } from 'protobufjs';
// Every touchline/*.proto, parsed once by `npm run gen` (scripts/gen.mjs) into protobufjs's JSON form.
import descriptor from '../gen/descriptor.json';

/** Folder holding touchline/*.proto (grpcurl and the health probes name files relative to it). */
export const PROTO_ROOT = path.join(__dirname, '..');

/**
 * The conversions the type generator assumed (longs as numbers, enums as names, defaults filled in,
 * the set oneof named): decoded messages match the generated __Output types.
 */
export const TO_OBJECT: IConversionOptions = { longs: Number, enums: String, defaults: true, oneofs: true };

let root: Root | undefined;

/** All of Touchline's messages and services, resolved once per process. */
export function protoRoot(): Root {
  if (!root) {
    root = Root.fromJSON(descriptor as INamespace);
    root.resolveAll();
  }
  return root;
}

function serializer(type: Type): (value: object) => Buffer {
  return (value) => {
    if (Array.isArray(value))
      throw new Error(
        `Failed to serialize message: expected object with ${type.name} structure, got array instead`,
      );
    return type.encode(type.fromObject(value)).finish() as Buffer;
  };
}

function deserializer(type: Type): (bytes: Buffer) => object {
  return (bytes) => type.toObject(type.decode(bytes), TO_OBJECT);
}

function methodDefinition(serviceName: string, method: Method): grpc.MethodDefinition<object, object> {
  const request = method.resolvedRequestType!;
  const response = method.resolvedResponseType!;
  return {
    path: `/${serviceName}/${method.name}`,
    requestStream: Boolean(method.requestStream),
    responseStream: Boolean(method.responseStream),
    requestSerialize: serializer(request),
    requestDeserialize: deserializer(request),
    responseSerialize: serializer(response),
    responseDeserialize: deserializer(response),
    originalName: method.name.charAt(0).toLowerCase() + method.name.slice(1),
  };
}

const definitions = new Map<string, grpc.ServiceDefinition>();

/**
 * A service's gRPC definition, as @grpc/proto-loader would make it for servers and clients, built
 * straight from the parsed protos: proto-loader parses the .proto text again in every process and
 * describes every message for reflection, which nothing here uses (a tenth of a start).
 */
export function serviceDefinition<T extends grpc.ServiceDefinition>(fullName: string): T {
  let definition = definitions.get(fullName);
  if (!definition) {
    const service = protoRoot().lookupService(fullName);
    definition = Object.fromEntries(
      service.methodsArray.map((method) => [method.name, methodDefinition(fullName, method)]),
    );
    definitions.set(fullName, definition);
  }
  return definition as T;
}
