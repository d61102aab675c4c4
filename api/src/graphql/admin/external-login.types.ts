import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('LdapForm', { description: 'How Quire reaches the LDAP directory (ShowDoc ldap_form)' })
@InputType('LdapFormInput', { description: 'LDAP settings to save' })
export class LdapFormType {
  @Field({ description: 'Host name or address (ldaps:// prefix or port 636: TLS)' })
  host!: string;

  @Field(() => Int, { defaultValue: 389, description: 'LDAP server port, e.g. 389' })
  port!: number;

  @Field(() => Int, { defaultValue: 3, description: 'LDAP protocol version, 2 or 3' })
  version!: number;

  @Field({ description: 'Base DN under which users are searched' })
  base_dn!: string;

  @Field({ defaultValue: '', description: 'DN Quire binds as to search the directory' })
  bind_dn!: string;

  @Field({ defaultValue: '', description: 'Write-only in spirit: shown back to administrators only' })
  bind_password!: string;

  @Field({ defaultValue: 'cn', description: 'Attribute holding the login name' })
  user_field!: string;

  @Field({ defaultValue: '', description: 'Attribute holding the display name' })
  name_field!: string;

  @Field({ defaultValue: '(cn=*)', description: 'LDAP filter; %(user)s stands for the typed name' })
  search_filter!: string;
}

@ObjectType({ description: 'LDAP sign-in settings' })
export class LdapConfig {
  @Field({ description: 'LDAP sign-in is enabled' })
  open!: boolean;

  @Field(() => LdapFormType, { nullable: true, description: 'LDAP connection settings; null if never set' })
  form!: LdapFormType | null;
}

@ObjectType('OAuth2Form', {
  description: "How Quire signs users in at an OAuth2 / OIDC provider (ShowDoc's oauth2_form)",
})
@InputType('OAuth2FormInput', { description: 'OAuth2 settings to save' })
export class OAuth2FormType {
  @Field({ description: 'The callback registered at the provider: <site>/server/?s=/api/extLogin/oauth2' })
  redirectUri!: string;

  @Field({ defaultValue: '', description: "The login page's button text" })
  entrance_tips!: string;

  @Field({ description: 'Client id registered with the OAuth2 provider' })
  client_id!: string;

  @Field({ defaultValue: '', description: 'Client secret registered with the OAuth2 provider' })
  client_secret!: string;

  @Field({ defaultValue: 'https', description: 'http or https' })
  protocol!: string;

  @Field({ description: 'host[:port] of the provider; OIDC discovery is tried at its base address' })
  host!: string;

  @Field({ defaultValue: '', description: 'Authorization endpoint URL' })
  authorize_path!: string;

  @Field({ defaultValue: '', description: 'Token endpoint URL' })
  token_path!: string;

  @Field({ defaultValue: '', description: 'User-info endpoint URL' })
  resource_path!: string;

  @Field({ defaultValue: '', description: 'A path on the host, or an absolute URL' })
  userinfo_path!: string;

  @Field({ defaultValue: '', description: 'Where the browser goes after signing out' })
  logout_redirect_uri!: string;

  @Field({ defaultValue: '', description: 'Scopes requested, space-separated' })
  scope!: string;
}

@ObjectType({ description: 'OAuth2 / OpenID Connect sign-in settings' })
export class OAuth2Config {
  @Field({ description: 'OAuth2 sign-in is enabled' })
  open!: boolean;

  @Field(() => OAuth2FormType, { nullable: true, description: 'OAuth2 provider settings; null if never set' })
  form!: OAuth2FormType | null;
}
