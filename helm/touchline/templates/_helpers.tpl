{{/* Name prefix of every object: the release name, or fullnameOverride. */}}
{{- define "touchline.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* A component's object name: <fullname>-<component>. Arguments: (dict "root" $ "name" "identity"). */}}
{{- define "touchline.componentName" -}}
{{- printf "%s-%s" (include "touchline.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* A component with the defaults under it and its name in it. Arguments: (dict "root" $ "name" "identity" "c" $entry); returns YAML. */}}
{{- define "touchline.component" -}}
{{- if not .c }}{{ fail (printf "%s is named as a peer but is not a component" .name) }}{{ end -}}
{{- $merged := mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy .c) (dict "name" .name) -}}
{{- toYaml $merged -}}
{{- end -}}

{{- define "touchline.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{/* Labels of a component's objects; pods also carry the platform client labels (k8s/network-policies). */}}
{{- define "touchline.labels" -}}
{{ include "touchline.selectorLabels" . }}
app.kubernetes.io/part-of: touchline
app.kubernetes.io/component: {{ .component | default "service" }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{- define "touchline.clientLabels" -}}
{{- range .uses }}
touchline.io/{{ . }}-client: "true"
{{- end }}
{{- end -}}

{{- define "touchline.image" -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion) -}}
{{- end -}}

{{/* Non-secret environment of a component (its ConfigMap). Arguments: (dict "root" $ "c" $merged). */}}
{{- define "touchline.configData" -}}
{{- $root := .root -}}
{{- $c := .c -}}
NODE_ENV: {{ $root.Values.global.nodeEnv | quote }}
LOG_LEVEL: {{ $root.Values.global.logLevel | quote }}
OTEL_SERVICE_NAME: {{ $c.name | quote }}
{{- if $root.Values.platform.otel.enabled }}
OTEL_EXPORTER_OTLP_ENDPOINT: {{ $root.Values.platform.otel.endpoint | quote }}
{{- end }}
{{- if has "kafka" $c.uses }}
KAFKA_BROKERS: {{ $root.Values.platform.kafka.brokers | quote }}
{{- end }}
{{- if has "redis" $c.uses }}
REDIS_URL: {{ $root.Values.platform.redis.url | quote }}
{{- end }}
{{- if has "stripe" $c.secrets }}
{{- /* Never test payments by omission: live without a Stripe Secret stops the install here. */}}
{{- if and (ne $root.Values.payments.mode "test") (not $root.Values.secrets.stripe.existingSecret) }}
{{- required "payments.mode is live but secrets.stripe.existingSecret is empty: name the Secret with STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or set payments.mode=test (PAYMENTS_MODE=test: test payments only)" "" }}
{{- end }}
PAYMENTS_MODE: {{ $root.Values.payments.mode | quote }}
{{- end }}
METRICS_PORT: {{ $root.Values.metrics.port | quote }}
{{- /* On the pod network for Prometheus: the NetworkPolicy admits only metrics.prometheus on this port. */}}
METRICS_HOST: "0.0.0.0"
{{- if eq $c.kind "grpc" }}
GRPC_HOST: "0.0.0.0"
GRPC_PORT: {{ $c.grpcPort | quote }}
{{- else }}
HOST: "0.0.0.0"
PORT: {{ $c.httpPort | quote }}
{{- end }}
{{- range $peer := $c.peers }}
{{- $p := include "touchline.component" (dict "root" $root "name" $peer "c" (index $root.Values.components $peer)) | fromYaml }}
{{ $peer | upper | replace "-" "_" }}_ADDR: {{ printf "%s:%v" (include "touchline.componentName" (dict "root" $root "name" $peer)) $p.grpcPort | quote }}
{{- end }}
{{- range $k, $v := $c.env }}
{{ $k }}: {{ $v | toString | quote }}
{{- end }}
{{- end -}}

{{/* Secret environment: the database role's credentials and the secrets the component reads. */}}
{{- define "touchline.secretEnv" -}}
{{- $root := .root -}}
{{- $c := .c -}}
{{- if has "postgres" $c.uses }}
{{- $secret := printf "%s%s" $root.Values.secrets.database.existingSecretPrefix $c.name }}
- name: DB_USER
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: username
- name: DB_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $secret }}
      key: password
- name: DATABASE_URL
  value: {{ printf "postgres://$(DB_USER):$(DB_PASSWORD)@%s:%v/%s" $root.Values.platform.postgres.host $root.Values.platform.postgres.port $root.Values.platform.postgres.database | quote }}
{{- end }}
{{- if and (has "stripe" $c.secrets) $root.Values.secrets.stripe.existingSecret }}
{{- range list "STRIPE_SECRET_KEY" "STRIPE_PUBLISHABLE_KEY" "STRIPE_WEBHOOK_SECRET" }}
- name: {{ . }}
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.secrets.stripe.existingSecret }}
      key: {{ . }}
{{- end }}
{{- end }}
{{- if and (has "smtp" $c.secrets) $root.Values.secrets.smtp.existingSecret }}
- name: SMTP_URL
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.secrets.smtp.existingSecret }}
      key: SMTP_URL
{{- end }}
{{- end -}}

{{- define "touchline.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 65532
runAsGroup: 65532
fsGroup: 65532
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{- define "touchline.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
privileged: false
capabilities:
  drop: ["ALL"]
{{- end -}}
