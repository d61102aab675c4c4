import { useMutation } from '@apollo/client/react';
import { MultiSelect, Select, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import {
  RemoveItemMemberDocument,
  UpdateItemMemberDocument,
  UpdateTeamItemMemberDocument,
} from '../../gql/graphql';
import { ConfirmIcon } from '../shell/ConfirmAction';
import { quotaAwareMessage } from './QuotaPrompt';

// One member's row (item or team member) and the helpers the members screens share.

/** 0 read-only, 1 edit, 2 item admin (spec §4). */
export const AUTHORITIES = [1, 0, 2] as const;

export function useAuthorityOptions() {
  const { t } = useTranslation();
  return AUTHORITIES.map((value) => ({ value: String(value), label: t(`members.authority.${value}`) }));
}

export function displayName(user: { username: string; name?: string | null }): string {
  return user.name ? `${user.username} (${user.name})` : user.username;
}

export function formatDate(iso: string): string {
  return iso.slice(0, 10);
}

export function notifyError(error: unknown, fallback: string) {
  notifications.show({ color: 'red', message: quotaAwareMessage(error, fallback), autoClose: 8000 });
}

export interface MemberLike {
  id: number;
  memberGroupId: number;
  createdAt: string;
  user: { username: string; name?: string | null };
  catalogScope: { id: number; name: string }[];
}

export function MemberRow({
  kind,
  member,
  catalogs,
  onRemoved,
}: {
  kind: 'item' | 'team';
  member: MemberLike;
  catalogs: { value: string; label: string }[];
  onRemoved?(): void;
}) {
  const { t } = useTranslation();
  const authorities = useAuthorityOptions();
  const [updateItemMember] = useMutation(UpdateItemMemberDocument);
  const [updateTeamItemMember] = useMutation(UpdateTeamItemMemberDocument);
  const [removeMember, removeState] = useMutation(RemoveItemMemberDocument);

  async function update(input: { memberGroupId?: number; catalogIds?: number[] }) {
    try {
      const variables = { input: { id: member.id, ...input } };
      if (kind === 'item') await updateItemMember({ variables });
      else await updateTeamItemMember({ variables });
      notifications.show({ color: 'green', message: t('members.saved') });
    } catch (err) {
      notifyError(err, t('common.networkError'));
    }
  }

  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {displayName(member.user)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Select
          size="xs"
          data={authorities}
          value={String(member.memberGroupId)}
          allowDeselect={false}
          aria-label={t('members.authorityOf', { name: member.user.username })}
          onChange={(value) => {
            if (value !== null) void update({ memberGroupId: Number(value) });
          }}
          comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
      <Table.Td>
        {member.memberGroupId === 2 ? (
          <Text size="xs" c="dimmed">
            {t('members.scopeAll')}
          </Text>
        ) : (
          <MultiSelect
            size="xs"
            data={catalogs}
            value={member.catalogScope.map((catalog) => String(catalog.id))}
            placeholder={member.catalogScope.length === 0 ? t('members.scopeAll') : undefined}
            aria-label={t('members.scopeOf', { name: member.user.username })}
            onChange={(values) => void update({ catalogIds: values.map(Number) })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed">
          {formatDate(member.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        {kind === 'item' ? (
          <ConfirmIcon
            label={t('members.remove')}
            question={t('members.removeConfirm', { name: member.user.username })}
            loading={removeState.loading}
            onConfirm={async () => {
              try {
                await removeMember({ variables: { id: member.id } });
                onRemoved?.();
              } catch (err) {
                notifyError(err, t('common.networkError'));
              }
            }}
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
