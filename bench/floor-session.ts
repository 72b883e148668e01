// The statement every list floor runs first, as the portal's session lookup does (apps/server/src/modules/auth/repo.ts):
// the signed-in session with its operator, user, company and role.
export const SESSION = `select s.id, o.id, s.created_at, s.expires_in, s.revoked_at, u.id, u.disabled, o.secondary_codes,
  c.id, c.identity_type, c.is_agent, r.codes
  from sessions s left join operators o on o.id = s.operator_id left join users u on u.id = o.user_id
  left join companies c on c.id = o.company_id left join roles r on r.id = o.role_id
  where s.token_hash = $1 limit 1`;
