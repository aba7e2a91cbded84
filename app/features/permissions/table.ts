// The one shape of every permission table (ADR 056): role → the actions it grants, total over
// the kind's roles. A kind's roles are a set (a site admin who is a club member holds both), and a
// table only grants — what the roles an actor holds grant together is what they may do.
//
// Why role → actions rather than action → roles: the type is a Record over *every* role, so adding
// a role (a suspended user, a deal's buyer and seller) to a kind's role list fails to compile until
// each of that kind's tables has its one line for it — nothing is granted or refused by omission.

export type PermissionTable<Role extends string, Action extends string> = Readonly<Record<Role, readonly Action[]>>;

/** Whether any of `roles` is granted `action` by `table`. */
export function grants<Role extends string, Action extends string>(
  table: PermissionTable<Role, Action>,
  roles: readonly Role[],
  action: Action,
): boolean {
  return roles.some((role) => table[role]?.includes(action) ?? false);
}

/** The roles `table` grants `action` to (the column of the matrix; SQL `in (…)` lists and tests read it). */
export function rolesGranted<Role extends string, Action extends string>(table: PermissionTable<Role, Action>, action: Action): Role[] {
  return (Object.keys(table) as Role[]).filter((role) => table[role].includes(action));
}
