// v2 users, smileys (devices, without their token), custom data values and field definitions, token introspection.
import { asObject, optInt, optString, reqBool, reqInt, reqString } from '../validate.ts';
import type { Where } from '../validate.ts';
import type { V2Client } from './client.ts';
import { optTimestamp, reqStringArray } from './fields.ts';
import type { ListResource } from './list.ts';
import type {
  UserV2,
  SmileyV2,
  CustomDataValueV2,
  CustomDataFieldV2,
} from '../../core/records/v2Structure.ts';
export type {
  UserV2,
  SmileyV2,
  CustomDataValueV2,
  CustomDataFieldV2,
} from '../../core/records/v2Structure.ts';

export interface TokenInfoV2 {
  status: string;
  tokenId: number;
  tokenName: string;
  scopes: string[];
}

export function parseUser(value: unknown, where: Where): UserV2 {
  const o = asObject(value, where);
  return {
    userId: reqInt(o, 'userId', where),
    email: reqString(o, 'email', where),
    firstName: optString(o, 'firstName', where),
    lastName: optString(o, 'lastName', where),
    rootExperiencePointId: optInt(o, 'rootExperiencePointId', where),
    role: reqString(o, 'role', where),
    locale: optString(o, 'locale', where),
    loginAllowed: reqBool(o, 'loginAllowed', where),
    loginMethod: optString(o, 'loginMethod', where),
    lastLogin: optTimestamp(o, 'lastLogin', where),
    created: optTimestamp(o, 'created', where),
  };
}

export function parseSmiley(value: unknown, where: Where): SmileyV2 {
  const o = asObject(value, where);
  return {
    smileyId: reqInt(o, 'smileyId', where),
    name: reqString(o, 'name', where),
    serialNumber: optString(o, 'serialNumber', where),
    smileyType: reqString(o, 'smileyType', where),
  };
}

export function parseCustomDataValue(value: unknown, where: Where): CustomDataValueV2 {
  const o = asObject(value, where);
  return {
    experiencePointId: reqInt(o, 'experiencePointId', where),
    label: reqString(o, 'label', where),
    value: reqString(o, 'value', where),
  };
}

export function parseCustomDataField(value: unknown, where: Where): CustomDataFieldV2 {
  const o = asObject(value, where);
  return {
    id: reqString(o, 'id', where),
    label: reqString(o, 'label', where),
    type: reqString(o, 'type', where),
    // CSV flattens options into one cell; JSON (what this client reads) has the array.
    options: o.options === undefined || o.options === null ? [] : reqStringArray(o, 'options', where),
  };
}

export function parseTokenInfo(value: unknown, where: Where): TokenInfoV2 {
  const o = asObject(value, where);
  return {
    status: reqString(o, 'status', where),
    tokenId: reqInt(o, 'token_id', where),
    tokenName: reqString(o, 'token_name', where),
    scopes: reqStringArray(o, 'scopes', where),
  };
}

export const usersResource: ListResource<UserV2> = { endpoint: 'users.json', parse: parseUser };
export const smileysResource: ListResource<SmileyV2> = { endpoint: 'smileys.json', parse: parseSmiley };
export const customDataValuesResource: ListResource<CustomDataValueV2> = {
  endpoint: 'experience-point-custom-data.json',
  parse: parseCustomDataValue,
};
export const customDataFieldsResource: ListResource<CustomDataFieldV2> = {
  endpoint: 'company-custom-data.json',
  parse: parseCustomDataField,
};

export const tokenIntrospectEndpoint = 'token/introspect';

/** The presented token's status, id, name and scopes (needs no scope). */
export async function fetchTokenInfo(client: V2Client, signal?: AbortSignal): Promise<TokenInfoV2> {
  const response = await client.get(tokenIntrospectEndpoint, {}, signal ? { signal } : {});
  return parseTokenInfo(response.body, { endpoint: tokenIntrospectEndpoint });
}
