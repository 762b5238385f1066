#!/bin/sh
# Waits until the platform of k8s/ answers, so that the chart's migration Jobs find Postgres:
# the CloudNativePG Cluster, the Kafka cluster and every KafkaTopic Ready, Redis rolled out.
set -eu
NAMESPACE="${NAMESPACE:-touchline}"
TIMEOUT="${TIMEOUT:-15m}"
kubectl -n "$NAMESPACE" wait --for=condition=Ready cluster.postgresql.cnpg.io/touchline-pg --timeout="$TIMEOUT"
kubectl -n "$NAMESPACE" wait --for=condition=Ready kafka.kafka.strimzi.io/touchline --timeout="$TIMEOUT"
kubectl -n "$NAMESPACE" wait --for=condition=Ready kafkatopic.kafka.strimzi.io --all --timeout="$TIMEOUT"
kubectl -n "$NAMESPACE" rollout status statefulset/redis --timeout="$TIMEOUT"
