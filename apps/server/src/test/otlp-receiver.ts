// The project's own OTLP/HTTP trace receiver for tests: a real HTTP server taking what an
// OpenTelemetry exporter posts to /v1/traces, in either encoding the OTLP specification allows
// (https://opentelemetry.io/docs/specs/otlp/#otlphttp): protobuf (`application/x-protobuf`, decoded
// here from the wire format of opentelemetry/proto/trace/v1/trace.proto, the few fields a test reads)
// or JSON (`application/json`, ids as hex). Every span comes out in one shape.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, string | number | boolean>;
  /** OTLP's StatusCode: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  /** The attributes of the resource that sent it (service.name...). */
  resource: Record<string, string | number | boolean>;
}

export interface ReceivedExport {
  contentType: string;
  headers: IncomingHttpHeaders;
}

export interface OtlpReceiver {
  /** The base URL (an OTEL_EXPORTER_OTLP_ENDPOINT); spans are posted to `${url}/v1/traces`. */
  url: string;
  spans: ReceivedSpan[];
  exports: ReceivedExport[];
  close(): Promise<void>;
}

/** A protobuf message's fields in wire order: varints as bigint, length-delimited as bytes. */
function fields(bytes: Uint8Array): Array<{ field: number; value: bigint | Uint8Array }> {
  const out: Array<{ field: number; value: bigint | Uint8Array }> = [];
  let offset = 0;
  const varint = (): bigint => {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = bytes[offset++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  while (offset < bytes.length) {
    const key = Number(varint());
    const field = key >> 3;
    switch (key & 7) {
      case 0:
        out.push({ field, value: varint() });
        break;
      case 1:
        out.push({ field, value: view.getBigUint64(offset, true) });
        offset += 8;
        break;
      case 2: {
        const length = Number(varint());
        out.push({ field, value: bytes.subarray(offset, offset + length) });
        offset += length;
        break;
      }
      case 5:
        out.push({ field, value: BigInt(view.getUint32(offset, true)) });
        offset += 4;
        break;
      default:
        throw new Error(`protobuf wire type ${key & 7} is not used by OTLP traces`);
    }
  }
  return out;
}

const text = (value: bigint | Uint8Array) => new TextDecoder().decode(value as Uint8Array);
const hex = (value: bigint | Uint8Array) => Buffer.from(value as Uint8Array).toString('hex');

/** common.proto's KeyValue { key = 1; AnyValue value = 2 } with AnyValue's scalar cases. */
function keyValue(bytes: Uint8Array): [string, string | number | boolean] {
  let key = '';
  let value: string | number | boolean = '';
  for (const part of fields(bytes)) {
    if (part.field === 1) key = text(part.value);
    if (part.field !== 2) continue;
    for (const any of fields(part.value as Uint8Array)) {
      if (any.field === 1) value = text(any.value);
      else if (any.field === 2) value = any.value === 1n;
      else if (any.field === 3) value = Number(BigInt.asIntN(64, any.value as bigint));
      else if (any.field === 4) {
        const buffer = new DataView(new ArrayBuffer(8));
        buffer.setBigUint64(0, any.value as bigint, true);
        value = buffer.getFloat64(0, true);
      }
    }
  }
  return [key, value];
}

/** ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1 } in protobuf. */
function decodeProtobuf(body: Uint8Array): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of fields(body).filter((part) => part.field === 1)) {
    const resource: ReceivedSpan['resource'] = {};
    const scopes: Uint8Array[] = [];
    for (const part of fields(resourceSpans.value as Uint8Array)) {
      if (part.field === 1) {
        for (const attribute of fields(part.value as Uint8Array).filter((each) => each.field === 1)) {
          const [key, value] = keyValue(attribute.value as Uint8Array);
          resource[key] = value;
        }
      } else if (part.field === 2) scopes.push(part.value as Uint8Array);
    }
    for (const scope of scopes) {
      for (const spanPart of fields(scope).filter((part) => part.field === 2)) {
        const span: ReceivedSpan = {
          traceId: '',
          spanId: '',
          parentSpanId: '',
          name: '',
          kind: 0,
          startNs: 0n,
          endNs: 0n,
          attributes: {},
          statusCode: 0,
          resource,
        };
        for (const part of fields(spanPart.value as Uint8Array)) {
          if (part.field === 1) span.traceId = hex(part.value);
          else if (part.field === 2) span.spanId = hex(part.value);
          else if (part.field === 4) span.parentSpanId = hex(part.value);
          else if (part.field === 5) span.name = text(part.value);
          else if (part.field === 6) span.kind = Number(part.value);
          else if (part.field === 7) span.startNs = part.value as bigint;
          else if (part.field === 8) span.endNs = part.value as bigint;
          else if (part.field === 9) {
            const [key, value] = keyValue(part.value as Uint8Array);
            span.attributes[key] = value;
          } else if (part.field === 15) {
            for (const status of fields(part.value as Uint8Array)) {
              if (status.field === 3) span.statusCode = Number(status.value);
            }
          }
        }
        spans.push(span);
      }
    }
  }
  return spans;
}

interface JsonAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
}
interface JsonKeyValue {
  key: string;
  value: JsonAnyValue;
}

function jsonAttributes(list: JsonKeyValue[] | undefined): Record<string, string | number | boolean> {
  const attributes: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    attributes[key] =
      value.stringValue ??
      value.boolValue ??
      (value.intValue !== undefined ? Number(value.intValue) : undefined) ??
      value.doubleValue ??
      '';
  }
  return attributes;
}

/** The same request in OTLP's JSON encoding (ids hex, 64-bit integers as strings or numbers). */
function decodeJson(body: string): ReceivedSpan[] {
  const request = JSON.parse(body) as {
    resourceSpans?: Array<{
      resource?: { attributes?: JsonKeyValue[] };
      scopeSpans?: Array<{
        spans?: Array<{
          traceId: string;
          spanId: string;
          parentSpanId?: string;
          name: string;
          kind?: number;
          startTimeUnixNano: string | number;
          endTimeUnixNano: string | number;
          attributes?: JsonKeyValue[];
          status?: { code?: number };
        }>;
      }>;
    }>;
  };
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = jsonAttributes(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind ?? 0,
        startNs: BigInt(span.startTimeUnixNano),
        endNs: BigInt(span.endTimeUnixNano),
        attributes: jsonAttributes(span.attributes),
        statusCode: span.status?.code ?? 0,
        resource,
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const exports: ReceivedExport[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const contentType = request.headers['content-type'] ?? '';
      exports.push({ contentType, headers: request.headers });
      try {
        if (contentType.startsWith('application/x-protobuf')) {
          spans.push(...decodeProtobuf(new Uint8Array(body)));
          // An empty ExportTraceServiceResponse: full success.
          response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
        } else if (contentType.startsWith('application/json')) {
          spans.push(...decodeJson(body.toString('utf8')));
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        } else {
          response.writeHead(415).end();
        }
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    exports,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
