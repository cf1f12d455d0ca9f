/**
 * The people's import kinds: discount groups, sales reps, clients (the pharmacies) and users. Users
 * are created without a usable password: they set one through the password reset.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isWebRegistrationCode } from '../access/registrations-service.ts';
import { hashPassword } from '../accounts/password.ts';
import { clients, discountGroups, salesReps, users } from '../db/schema.ts';
import { optional, required } from './columns.ts';
import {
  type CellReader,
  code,
  email,
  percent,
  phone,
  postalCode,
  taxId,
  text,
  username,
  yesNo,
} from './fields.ts';
import { changes, type ImportKindSpec } from './kind.ts';

const discountGroupColumns = {
  name: required('nombre', text(100), 'nombre único del grupo (Farmacias Oro)'),
  discount: required('descuento', percent, 'descuento del grupo sobre el pedido, en % (5 o 7,5)'),
};

/** `discount-groups`: the groups a client belongs to, with their cart-level discount. */
export const discountGroupsKind: ImportKindSpec<typeof discountGroupColumns> = {
  kind: 'discount-groups',
  label: 'grupos de descuento',
  columns: discountGroupColumns,
  key: { column: 'name', of: (values) => values.name.toLowerCase() },
  async apply(tx, rows, context) {
    const stored = new Map(
      (await tx.select().from(discountGroups)).map((row) => [row.name.toLowerCase(), row]),
    );
    for (const row of rows) {
      const next = { name: row.values.name, discountPercent: row.values.discount };
      const current = stored.get(next.name.toLowerCase());
      if (!current) {
        await tx.insert(discountGroups).values(next);
        context.outcome(row, 'created');
        continue;
      }
      const changed = changes(current, next);
      if (Object.keys(changed).length === 0) {
        context.outcome(row, 'unchanged');
        continue;
      }
      await tx.update(discountGroups).set(changed).where(eq(discountGroups.id, current.id));
      context.outcome(row, 'updated');
    }
  },
};

const salesRepColumns = {
  email: required('email', email, 'correo del comercial: lo identifica'),
  name: required('nombre', text(120), 'nombre y apellidos'),
  phone: required('telefono', phone, 'teléfono (612 345 678)'),
  zone: optional('zona', text(80), 'zona que atiende (Centro)'),
};

/** `sales-reps`: the laboratory's sales representatives, by e-mail. */
export const salesRepsKind: ImportKindSpec<typeof salesRepColumns> = {
  kind: 'sales-reps',
  label: 'comerciales',
  columns: salesRepColumns,
  key: { column: 'email', of: (values) => values.email },
  async apply(tx, rows, context) {
    const stored = new Map<string, (typeof salesReps.$inferSelect)[]>();
    for (const rep of await tx.select().from(salesReps)) {
      const key = rep.email.toLowerCase();
      stored.set(key, [...(stored.get(key) ?? []), rep]);
    }
    for (const row of rows) {
      const next = {
        email: row.values.email,
        name: row.values.name,
        phone: row.values.phone,
        zone: row.values.zone === undefined ? undefined : (row.values.zone ?? ''),
      };
      const found = stored.get(next.email) ?? [];
      if (found.length > 1) {
        context.reject(row, 'email', 'Hay varios comerciales con este correo: no se sabe cuál actualizar.');
        continue;
      }
      const current = found[0];
      if (!current) {
        await tx.insert(salesReps).values({ ...next, zone: next.zone ?? '' });
        context.outcome(row, 'created');
        continue;
      }
      const changed = changes(current, next);
      if (Object.keys(changed).length === 0) {
        context.outcome(row, 'unchanged');
        continue;
      }
      await tx.update(salesReps).set(changed).where(eq(salesReps.id, current.id));
      context.outcome(row, 'updated');
    }
  },
};

const clientColumns = {
  code: required('codigo', code(20), 'código de cliente del ERP del laboratorio, único (43001037)'),
  name: required('nombre', text(200), 'nombre comercial (Farmacia Ldo. Martín Ruiz)'),
  taxId: required('cif', taxId, 'CIF de la farmacia o NIF/NIE del titular, con su letra de control'),
  address: required('direccion', text(200), 'calle y número'),
  postalCode: required('codigo_postal', postalCode, 'código postal (28013)'),
  city: required('poblacion', text(100), 'población'),
  province: required('provincia', text(100), 'provincia'),
  phone: required('telefono', phone, 'teléfono (912 345 678)'),
  email: required('email', email, 'correo de la farmacia'),
  discountGroup: optional('grupo_descuento', text(100), 'nombre de su grupo de descuento; vacío = ninguno'),
  salesRep: optional('comercial', email, 'correo de su comercial; vacío = ninguno'),
};

/** `clients`: the pharmacies, by their ERP code. */
export const clientsKind: ImportKindSpec<typeof clientColumns> = {
  kind: 'clients',
  label: 'clientes',
  columns: clientColumns,
  key: { column: 'code', of: (values) => values.code },
  async apply(tx, rows, context) {
    const groups = new Map(
      (await tx.select().from(discountGroups)).map((row) => [row.name.toLowerCase(), row.id]),
    );
    const reps = new Map<string, number[]>();
    for (const rep of await tx.select({ id: salesReps.id, email: salesReps.email }).from(salesReps)) {
      const key = rep.email.toLowerCase();
      reps.set(key, [...(reps.get(key) ?? []), rep.id]);
    }
    const stored = await tx.select().from(clients);
    const byCode = new Map(stored.map((row) => [row.erpCode.toUpperCase(), row]));
    const taxIdOwner = new Map(stored.map((row) => [row.taxId, row.erpCode.toUpperCase()]));

    for (const row of rows) {
      const values = row.values;
      const owner = taxIdOwner.get(values.taxId);
      // A pharmacy approved from the web has a placeholder code (WEB000012) until the laboratory's
      // file names it: its tax id then gives it the file's code, when no other client has that code.
      const claimed =
        owner !== undefined && isWebRegistrationCode(owner) && !byCode.has(values.code)
          ? byCode.get(owner)
          : undefined;
      if (owner !== undefined && owner !== values.code && !claimed) {
        context.reject(row, 'taxId', `Este CIF/NIF ya es del cliente ${owner}.`);
        continue;
      }
      let discountGroupId: number | null | undefined;
      if (values.discountGroup === undefined || values.discountGroup === null)
        discountGroupId = values.discountGroup;
      else {
        discountGroupId = groups.get(values.discountGroup.toLowerCase());
        if (discountGroupId === undefined) {
          context.reject(row, 'discountGroup', `No existe el grupo de descuento «${values.discountGroup}».`);
          continue;
        }
      }
      let salesRepId: number | null | undefined;
      if (values.salesRep === undefined || values.salesRep === null) salesRepId = values.salesRep;
      else {
        const found = reps.get(values.salesRep) ?? [];
        if (found.length !== 1) {
          context.reject(
            row,
            'salesRep',
            found.length === 0
              ? `No existe ningún comercial con el correo ${values.salesRep}.`
              : `Hay varios comerciales con el correo ${values.salesRep}.`,
          );
          continue;
        }
        salesRepId = found[0] as number;
      }
      const next = {
        name: values.name,
        taxId: values.taxId,
        address: values.address,
        postalCode: values.postalCode,
        city: values.city,
        province: values.province,
        phone: values.phone,
        email: values.email,
        discountGroupId,
        salesRepId,
      };
      const current = claimed ?? byCode.get(values.code);
      if (!current) {
        const [created] = await tx
          .insert(clients)
          .values({
            ...next,
            erpCode: values.code,
            discountGroupId: discountGroupId ?? null,
            salesRepId: salesRepId ?? null,
          })
          .returning();
        if (created) byCode.set(values.code, created);
        taxIdOwner.set(values.taxId, values.code);
        context.outcome(row, 'created');
        continue;
      }
      const changed = changes(current, { ...next, erpCode: values.code });
      if (Object.keys(changed).length === 0) {
        context.outcome(row, 'unchanged');
        continue;
      }
      const [updated] = await tx.update(clients).set(changed).where(eq(clients.id, current.id)).returning();
      if (claimed) byCode.delete(claimed.erpCode.toUpperCase());
      if (updated) byCode.set(values.code, updated);
      if (current.taxId !== values.taxId) taxIdOwner.delete(current.taxId);
      taxIdOwner.set(values.taxId, values.code);
      context.outcome(row, 'updated');
    }
  },
};

type Role = (typeof users.$inferSelect)['role'];

const ROLES: Record<string, Role> = {
  cliente: 'client',
  farmacia: 'client',
  comercial: 'sales_rep',
  administrador: 'admin',
};

const role: CellReader<Role> = (value) => {
  const found = ROLES[value.toLowerCase()];
  return found
    ? { ok: true, value: found }
    : { ok: false, reason: 'El rol debe ser «cliente», «comercial» o «administrador».' };
};

const userColumns = {
  username: required('usuario', username, 'nombre de usuario para entrar, único (farmacia.martin)'),
  name: required('nombre', text(120), 'nombre de la persona'),
  email: required('email', email, 'correo: adonde llega el enlace para elegir contraseña'),
  role: optional('rol', role, '«cliente» (farmacia), «comercial» o «administrador» (cliente)'),
  client: optional('cliente', code(20), 'código del cliente (farmacia) del usuario; solo rol cliente'),
  parent: optional(
    'usuario_principal',
    username,
    'usuario principal de la misma farmacia, para un subusuario; vacío = usuario principal',
  ),
  active: optional('activo', yesNo, '«no» le impide entrar (sí)'),
};

/**
 * The hash stored for an imported user: of a random 256-bit secret that is thrown away at once, so
 * no password can match it until the user sets one through the password reset. A real scrypt hash
 * (not a marker such as `!`) keeps a login attempt on such an account as slow as on any other, so
 * the answer time does not tell which accounts have no password yet.
 */
export async function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** `users`: the pharmacies' users (main users and sub-users), sales reps and admins, by username. */
export const usersKind: ImportKindSpec<typeof userColumns> = {
  kind: 'users',
  label: 'usuarios',
  columns: userColumns,
  key: { column: 'username', of: (values) => values.username },
  async apply(tx, rows, context) {
    const clientIds = new Map(
      (await tx.select({ id: clients.id, code: clients.erpCode }).from(clients)).map((row) => [
        row.code.toUpperCase(),
        row.id,
      ]),
    );
    const stored = await tx.select().from(users);
    const byUsername = new Map(stored.map((row) => [row.username.toLowerCase(), row]));
    // A sales rep's account is his row in sales_reps by the e-mail they share (one row, or none).
    const repsByEmail = new Map<string, number[]>();
    for (const rep of await tx.select({ id: salesReps.id, email: salesReps.email }).from(salesReps)) {
      const key = rep.email.toLowerCase();
      repsByEmail.set(key, [...(repsByEmail.get(key) ?? []), rep.id]);
    }
    const salesRepOf = (role: Role, email: string): number | null => {
      const found = role === 'sales_rep' ? repsByEmail.get(email.toLowerCase()) : undefined;
      return found?.length === 1 ? (found[0] ?? null) : null;
    };
    const hasChildren = new Set(stored.map((row) => row.parentUserId).filter((id) => id !== null));
    let passwordHash: string | undefined;

    // Main users before sub-users, so a sub-user may name a main user created by the same file.
    const isSub = (values: (typeof rows)[number]['values']) =>
      values.parent === undefined
        ? (byUsername.get(values.username)?.parentUserId ?? null) !== null
        : values.parent !== null;
    const ordered = [...rows.filter((row) => !isSub(row.values)), ...rows.filter((row) => isSub(row.values))];

    for (const row of ordered) {
      const values = row.values;
      const current = byUsername.get(values.username);
      const nextRole: Role =
        values.role ?? (values.role === undefined ? (current?.role ?? 'client') : 'client');
      let clientId: number | null;
      if (values.client === undefined) clientId = current?.clientId ?? null;
      else if (values.client === null) clientId = null;
      else {
        const found = clientIds.get(values.client);
        if (found === undefined) {
          context.reject(
            row,
            'client',
            `No existe el cliente ${values.client}: impórtelo antes con el fichero de clientes.`,
          );
          continue;
        }
        clientId = found;
      }
      if (nextRole === 'client' && clientId === null) {
        context.reject(row, 'client', 'Un usuario con rol cliente necesita el código de su farmacia.');
        continue;
      }
      if (nextRole !== 'client' && clientId !== null) {
        context.reject(
          row,
          'client',
          'Solo los usuarios con rol cliente tienen farmacia: deje la columna vacía.',
        );
        continue;
      }
      let parentUserId: number | null;
      if (values.parent === undefined) parentUserId = current?.parentUserId ?? null;
      else if (values.parent === null) parentUserId = null;
      else {
        const parent = byUsername.get(values.parent);
        let problem: string | undefined;
        if (values.parent === values.username)
          problem = 'Un usuario no puede ser su propio usuario principal.';
        else if (!parent) problem = `No existe el usuario principal «${values.parent}».`;
        else if (parent.role !== 'client' || parent.clientId !== clientId)
          problem = `«${values.parent}» no es un usuario de la misma farmacia.`;
        else if (parent.parentUserId !== null) problem = `«${values.parent}» es a su vez un subusuario.`;
        else if (nextRole !== 'client') problem = 'Solo un usuario con rol cliente puede ser subusuario.';
        else if (current && hasChildren.has(current.id))
          problem = 'Este usuario tiene subusuarios: no puede pasar a ser subusuario de otro.';
        if (problem || !parent) {
          context.reject(row, 'parent', problem ?? 'No existe el usuario principal.');
          continue;
        }
        parentUserId = parent.id;
      }
      const next = {
        name: values.name,
        email: values.email,
        role: nextRole,
        clientId,
        parentUserId,
        salesRepId: salesRepOf(nextRole, values.email),
        isActive: values.active === undefined ? undefined : (values.active ?? true),
      };
      if (!current) {
        passwordHash ??= await unusablePasswordHash();
        const [created] = await tx
          .insert(users)
          .values({ ...next, username: values.username, passwordHash, isActive: next.isActive ?? true })
          .returning();
        if (created) byUsername.set(values.username, created);
        if (parentUserId !== null) hasChildren.add(parentUserId);
        context.outcome(row, 'created');
        continue;
      }
      const changed = changes(current, next);
      if (Object.keys(changed).length === 0) {
        context.outcome(row, 'unchanged');
        continue;
      }
      const [updated] = await tx.update(users).set(changed).where(eq(users.id, current.id)).returning();
      if (updated) byUsername.set(values.username, updated);
      if (parentUserId !== null) hasChildren.add(parentUserId);
      context.outcome(row, 'updated');
    }
  },
};
