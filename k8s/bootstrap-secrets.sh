#!/bin/sh
# Creates the database Secrets Touchline needs, with random passwords, unless they exist already:
# one per service (kubernetes.io/basic-auth; the role name is the service's schema). CloudNativePG
# gives each role the password of its Secret, and the chart reads the same Secret. Run by
# skaffold after it applies k8s/, or by hand (docs/operations.md); never overwrites a Secret.
# Production may create these Secrets from its secret manager instead, with the same names and keys.
set -eu
NAMESPACE="${NAMESPACE:-touchline}"
# service:role pairs, as in k8s/base/postgres/cluster.generated.yaml (npm run gen:k8s checks it).
SERVICES="identity:identity wallet-payments:wallet cards-market:cards_market trading:trading missions:missions matchday:matchday leaderboard:leaderboard notifications:notifications admin:admin"

kubectl get namespace "$NAMESPACE" >/dev/null 2>&1 || kubectl create namespace "$NAMESPACE"
for pair in $SERVICES; do
  service="${pair%%:*}"
  role="${pair#*:}"
  name="touchline-db-$service"
  if kubectl -n "$NAMESPACE" get secret "$name" >/dev/null 2>&1; then
    echo "secret/$name exists"
    continue
  fi
  # Hex: URL-safe, because the chart puts it into DATABASE_URL.
  password="$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')"
  kubectl -n "$NAMESPACE" create secret generic "$name" --type=kubernetes.io/basic-auth \
    --from-literal=username="$role" --from-literal=password="$password"
  kubectl -n "$NAMESPACE" label secret "$name" cnpg.io/reload=true app.kubernetes.io/part-of=touchline
done
