/**
 * Test harness: librdkafka's built-in mock Kafka cluster, driven over FFI.
 *
 * The mock cluster runs on its own threads inside this process and speaks the real Kafka wire protocol on
 * localhost, so kafkajs connects to it exactly as to a real broker: no JVM, no container.
 * Requires the Debian/Ubuntu package `librdkafka1` (the shared library only, no headers needed).
 */
import koffi from 'koffi';
import { applyMockClusterLateSyncFix } from './kafka-mock-late-sync';

const LIBRARY = 'librdkafka.so.1';

export const KAFKA_MOCK_INSTALL_HINT = 'librdkafka1 is not installed: apt-get install librdkafka1';

/** rd_kafka_type_t */
const RD_KAFKA_PRODUCER = 0;
const ERRSTR_SIZE = 512;

/** Opaque C handles: only ever passed back to librdkafka. */
type Handle = unknown;

interface RdKafka {
  confNew(): Handle;
  confSet(conf: Handle, name: string, value: string, errstr: Buffer, errstrSize: number): number;
  confDestroy(conf: Handle): void;
  /** Takes ownership of conf on success only. */
  kafkaNew(type: number, conf: Handle, errstr: Buffer, errstrSize: number): Handle | null;
  kafkaDestroy(rk: Handle): void;
  errName(err: number): string;
  mockClusterNew(rk: Handle, brokerCnt: number): Handle | null;
  mockClusterBootstraps(mcluster: Handle): string;
  mockTopicCreate(mcluster: Handle, topic: string, partitionCnt: number, replicationFactor: number): number;
  mockClusterDestroy(mcluster: Handle): void;
  mockSetApiVersion(mcluster: Handle, apiKey: number, minVersion: number, maxVersion: number): number;
}

let cached: RdKafka | Error | undefined;

/**
 * Binds the few symbols we need; signatures from rdkafka.h and rdkafka_mock.h. The opaque handle types
 * (rd_kafka_t, rd_kafka_conf_t, rd_kafka_mock_cluster_t) are declared as void *: koffi type names are
 * process-wide, so named opaque types would clash if a worker evaluated this module twice. Enums
 * (rd_kafka_type_t, rd_kafka_conf_res_t, rd_kafka_resp_err_t) are C ints.
 */
function bind(): RdKafka {
  const lib = koffi.load(LIBRARY);
  return {
    confNew: lib.func('void *rd_kafka_conf_new(void)'),
    confSet: lib.func(
      'int rd_kafka_conf_set(void *conf, const char *name, const char *value, ' +
        'char *errstr, size_t errstr_size)',
    ),
    confDestroy: lib.func('void rd_kafka_conf_destroy(void *conf)'),
    kafkaNew: lib.func('void *rd_kafka_new(int type, void *conf, char *errstr, size_t errstr_size)'),
    kafkaDestroy: lib.func('void rd_kafka_destroy(void *rk)'),
    errName: lib.func('const char *rd_kafka_err2name(int err)'),
    mockClusterNew: lib.func('void *rd_kafka_mock_cluster_new(void *rk, int broker_cnt)'),
    mockClusterBootstraps: lib.func('const char *rd_kafka_mock_cluster_bootstraps(const void *mcluster)'),
    mockTopicCreate: lib.func(
      'int rd_kafka_mock_topic_create(void *mcluster, const char *topic, ' +
        'int partition_cnt, int replication_factor)',
    ),
    mockClusterDestroy: lib.func('void rd_kafka_mock_cluster_destroy(void *mcluster)'),
    mockSetApiVersion: lib.func(
      'int rd_kafka_mock_set_apiversion(void *mcluster, int16_t ApiKey, ' +
        'int16_t MinVersion, int16_t MaxVersion)',
    ),
  };
}

function rdkafka(): RdKafka {
  if (cached === undefined) {
    try {
      cached = bind();
    } catch (error) {
      cached = error instanceof Error ? error : new Error(String(error));
    }
  }
  if (cached instanceof Error) throw new Error(`${KAFKA_MOCK_INSTALL_HINT} (${cached.message})`);
  return cached;
}

/** True when librdkafka can be loaded (tests must still fail, not skip, when it cannot). */
export function kafkaMockAvailable(): boolean {
  try {
    rdkafka();
    return true;
  } catch {
    return false;
  }
}

export interface KafkaMock {
  /** "host:port,host:port" of the mock brokers. */
  bootstrap: string;
  /** Declares a topic (the platform declares topics; clients never auto-create them). */
  createTopic(name: string, partitions: number): void;
  stop(): void;
}

function cString(buffer: Buffer): string {
  const end = buffer.indexOf(0);
  return buffer.toString('utf8', 0, end === -1 ? buffer.length : end);
}

/** The mock cluster lives inside a client handle; a producer is the cheapest one to host it. */
function newHostHandle(rd: RdKafka): Handle {
  const errstr = Buffer.alloc(ERRSTR_SIZE);
  const conf = rd.confNew();
  // Errors only: the mock logs every connection at higher levels, drowning the test output.
  if (rd.confSet(conf, 'log_level', '3', errstr, ERRSTR_SIZE) !== 0) {
    rd.confDestroy(conf);
    throw new Error(`rd_kafka_conf_set failed: ${cString(errstr)}`);
  }
  const rk = rd.kafkaNew(RD_KAFKA_PRODUCER, conf, errstr, ERRSTR_SIZE);
  if (rk === null) {
    rd.confDestroy(conf); // rd_kafka_new only takes ownership of conf when it succeeds
    throw new Error(`rd_kafka_new failed: ${cString(errstr)}`);
  }
  return rk;
}

const METADATA_API_KEY = 3;

/**
 * The mock advertises Metadata v0-v2 only, and before v4 a Metadata request cannot say "do not create":
 * the broker decides, and the mock always creates. Its handler does parse v4's AllowAutoTopicCreation, so
 * advertising up to v4 makes it honour the client's allowAutoTopicCreation: false like a real broker.
 */
function honourAutoCreateFlag(rd: RdKafka, mcluster: Handle): void {
  const err = rd.mockSetApiVersion(mcluster, METADATA_API_KEY, 0, 4);
  if (err !== 0) throw new Error(`rd_kafka_mock_set_apiversion(Metadata) failed: ${rd.errName(err)}`);
}

export interface KafkaMockOptions {
  /** Default 1. */
  brokers?: number;
  /** Let any client Metadata request create unknown topics (the mock's native behaviour). Default false. */
  autoCreateTopics?: boolean;
}

export function startKafkaMock(options: KafkaMockOptions = {}): KafkaMock {
  // kafkajs clients of this process will talk to the mock: give them its late-follower answer's fix.
  applyMockClusterLateSyncFix();
  const rd = rdkafka();
  const brokers = options.brokers ?? 1;
  const rk = newHostHandle(rd);
  const mcluster = rd.mockClusterNew(rk, brokers);
  if (mcluster === null) {
    rd.kafkaDestroy(rk);
    throw new Error('rd_kafka_mock_cluster_new failed');
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    rd.mockClusterDestroy(mcluster);
    rd.kafkaDestroy(rk);
  };
  if (!options.autoCreateTopics) {
    try {
      honourAutoCreateFlag(rd, mcluster);
    } catch (error) {
      stop();
      throw error;
    }
  }
  return {
    bootstrap: rd.mockClusterBootstraps(mcluster),
    createTopic(name, partitions) {
      if (stopped) throw new Error('kafka mock is stopped');
      const err = rd.mockTopicCreate(mcluster, name, partitions, Math.min(brokers, 3));
      if (err !== 0) throw new Error(`rd_kafka_mock_topic_create(${name}) failed: ${rd.errName(err)}`);
    },
    stop,
  };
}
