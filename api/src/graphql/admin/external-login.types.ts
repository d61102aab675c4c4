import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('LdapForm', { description: 'How Quire reaches the LDAP directory (ShowDoc ldap_form)' })
@InputType('LdapFormInput')
export class LdapFormType {
  @Field({ description: 'Host name or address (ldaps:// prefix or port 636: TLS)' })
  host!: string;

  @Field(() => Int, { defaultValue: 389 })
  port!: number;

  @Field(() => Int, { defaultValue: 3 })
  version!: number;

  @Field()
  base_dn!: string;

  @Field({ defaultValue: '' })
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
  @Field()
  open!: boolean;

  @Field(() => LdapFormType, { nullable: true })
  form!: LdapFormType | null;
}

@ObjectType('OAuth2Form', {
  description: "How Quire signs users in at an OAuth2 / OIDC provider (ShowDoc's oauth2_form)",
})
@InputType('OAuth2FormInput')
export class OAuth2FormType {
  @Field({ description: 'The callback registered at the provider: <site>/server/?s=/api/extLogin/oauth2' })
  redirectUri!: string;

  @Field({ defaultValue: '', description: "The login page's button text" })
  entrance_tips!: string;

  @Field()
  client_id!: string;

  @Field({ defaultValue: '' })
  client_secret!: string;

  @Field({ defaultValue: 'https', description: 'http or https' })
  protocol!: string;

  @Field({ description: 'host[:port] of the provider; OIDC discovery is tried at its base address' })
  host!: string;

  @Field({ defaultValue: '' })
  authorize_path!: string;

  @Field({ defaultValue: '' })
  token_path!: string;

  @Field({ defaultValue: '' })
  resource_path!: string;

  @Field({ defaultValue: '', description: 'A path on the host, or an absolute URL' })
  userinfo_path!: string;

  @Field({ defaultValue: '' })
  logout_redirect_uri!: string;

  @Field({ defaultValue: '' })
  scope!: string;
}

@ObjectType({ description: 'OAuth2 / OpenID Connect sign-in settings' })
export class OAuth2Config {
  @Field()
  open!: boolean;

  @Field(() => OAuth2FormType, { nullable: true })
  form!: OAuth2FormType | null;
}
