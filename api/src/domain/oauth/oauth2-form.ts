import { DomainError } from '../errors';
import { checkOutboundHost, checkOutboundUrl, type OutboundPolicy } from '../net/outbound-url';

/** ShowDoc's `oauth2_form` (compat-api §20.3 OAuth2). */
export interface OAuth2Form {
  /** Where the provider sends the browser back: `<site>/server/?s=/api/extLogin/oauth2`. */
  redirectUri: string;
  /** The login page's button text. */
  entrance_tips: string;
  client_id: string;
  client_secret: string;
  protocol: 'http' | 'https';
  /** host[:port] of the provider. */
  host: string;
  authorize_path: string;
  token_path: string;
  resource_path: string;
  /** A path on the host, or an absolute URL. */
  userinfo_path: string;
  logout_redirect_uri: string;
  scope: string;
}

const bad = (en: string, zh: string) => new DomainError('BadInput', { en, zh });

export function normalizeOAuth2Form(raw: unknown): OAuth2Form | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const text = (key: string) => (v[key] === undefined || v[key] === null ? '' : String(v[key]).trim());
  return {
    redirectUri: text('redirectUri'),
    entrance_tips: text('entrance_tips'),
    client_id: text('client_id'),
    client_secret: v.client_secret === undefined || v.client_secret === null ? '' : String(v.client_secret),
    protocol: text('protocol').toLowerCase() === 'http' ? 'http' : 'https',
    host: text('host')
      .replace(/^https?:\/\//i, '')
      .replace(/\/+$/, ''),
    authorize_path: text('authorize_path'),
    token_path: text('token_path'),
    resource_path: text('resource_path'),
    userinfo_path: text('userinfo_path'),
    logout_redirect_uri: text('logout_redirect_uri'),
    scope: text('scope'),
  };
}

/** The provider's base address, `protocol://host`. */
export const providerBase = (form: OAuth2Form) => `${form.protocol}://${form.host}`;

/** A path of the provider, or an absolute URL as given. */
export function providerUrl(form: OAuth2Form, path: string): string {
  return /^https?:\/\//i.test(path) ? path : `${providerBase(form)}${path.startsWith('/') ? '' : '/'}${path}`;
}

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** Checks an enabled form: every field the flow needs, and every provider address against SSRF. */
export async function checkOAuth2Form(form: OAuth2Form, outbound: OutboundPolicy): Promise<void> {
  if (!form.client_id || !form.host)
    throw bad('The client id and the provider host are required', '请填写 client_id 和服务器地址');
  if (!isHttpUrl(form.redirectUri))
    throw bad('The callback address must be an http(s) URL', '回调地址必须是 http(s) 链接');
  if (form.logout_redirect_uri && !isHttpUrl(form.logout_redirect_uri))
    throw bad('The logout address must be an http(s) URL', '退出跳转地址必须是 http(s) 链接');
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(form.host))
    throw bad('The provider host is host[:port]', '服务器地址格式应为 主机[:端口]');
  await checkOutboundHost(form.host.replace(/:\d+$/, ''), outbound);
  for (const path of [form.token_path, form.userinfo_path])
    if (/^https?:\/\//i.test(path)) await checkOutboundUrl(path, outbound);
  for (const path of [form.authorize_path, form.token_path, form.userinfo_path]) {
    if (path && !/^https?:\/\//i.test(path) && !path.startsWith('/'))
      throw bad('Provider paths start with / (or are absolute URLs)', '路径须以 / 开头（或为完整链接）');
  }
}
