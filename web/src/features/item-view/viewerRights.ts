interface Rights {
  edit: boolean;
  manage: boolean;
}

/** Spec §6: API-client items (type 3) are written in the desktop client; this app only reads them. */
export function viewRights<T extends Rights>(item: { type: number; viewerRights: T }): T {
  return item.type === 3 ? { ...item.viewerRights, edit: false, manage: false } : item.viewerRights;
}
