import { Kafka, logLevel } from 'kafkajs';

/**
 * How many events the stack's consumer groups have yet to take, per group: the newest offset of
 * each partition minus the group's committed one. The sagas' open work does not show it: an event
 * already out of its outbox may still wait in Kafka, for instance on the partitions of a replica
 * that was SIGKILLed (they stay its own until its session times out, 30 s), and the projections
 * are only worth auditing once it is taken. A partition the group never committed on is one it does
 * not consume (every consumer commits after its first event).
 */
export async function consumerLag(brokers: string, groups: string[]): Promise<Map<string, number>> {
  const kafka = new Kafka({
    clientId: 'chaos-audit',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => !t.startsWith('__'));
    const newest = new Map<string, number>();
    for (const topic of topics)
      for (const p of await admin.fetchTopicOffsets(topic))
        newest.set(`${topic}/${p.partition}`, Number(p.high));
    const lag = new Map<string, number>();
    for (const groupId of groups) {
      let behind = 0;
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId, topics }))
        for (const p of partitions) {
          const committed = Number(p.offset);
          if (committed >= 0) behind += Math.max(0, (newest.get(`${topic}/${p.partition}`) ?? 0) - committed);
        }
      if (behind > 0) lag.set(groupId, behind);
    }
    return lag;
  } finally {
    await admin.disconnect();
  }
}
