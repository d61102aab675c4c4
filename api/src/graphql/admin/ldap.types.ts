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
