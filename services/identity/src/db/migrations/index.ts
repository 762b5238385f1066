import type { Migration } from '@touchline/kit';
import { usersAndSessions } from './001_users_sessions';
import { revocationsAndAdminVerifications } from './002_revocations_admin_verifications';
import { unusedSigningKeys } from './003_unused_signing_keys';
import { banReason } from './004_ban_reason';
import { muteReasonUntil } from './005_mute_reason_until';
import { dropLegacyBadges } from './006_drop_legacy_badges';

export const migrations: Migration[] = [
  usersAndSessions,
  revocationsAndAdminVerifications,
  unusedSigningKeys,
  banReason,
  muteReasonUntil,
  dropLegacyBadges,
];
