// The experience-point tree: its items, which groups are open, and which node the charts are filtered to.
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { TreeItem } from '../../../src-shared/contract.ts';
import { useClient } from '../client.ts';
import { buildTree, visibleRows } from './treeRows.ts';

export const useTreeStore = defineStore('tree', () => {
  const items = ref<TreeItem[]>([]);
  const expandedIds = ref<Set<number>>(new Set());
  const selectedId = ref<number | null>(null);
  const loading = ref(false);
  const error = ref<string | null>(null);

  const roots = computed(() => buildTree(items.value));
  const rows = computed(() => visibleRows(roots.value, expandedIds.value));
  const selectedItem = computed(
    () => items.value.find((i) => i.experiencePointId === selectedId.value) ?? null,
  );

  async function load(): Promise<void> {
    loading.value = true;
    error.value = null;
    const result = await useClient().invoke('tree:list', {});
    loading.value = false;
    if (!result.ok) {
      error.value = result.error.message;
      return;
    }
    items.value = result.value;
    // Start with the top level open and the whole tree selected (a single root stands for everything).
    const tops = roots.value;
    expandedIds.value = new Set(tops.map((n) => n.id));
    const first = tops[0];
    selectedId.value = tops.length === 1 && first ? first.id : null;
  }

  function select(id: number | null): void {
    selectedId.value = id;
  }

  function setExpanded(id: number, open: boolean): void {
    const next = new Set(expandedIds.value);
    if (open) next.add(id);
    else next.delete(id);
    expandedIds.value = next;
  }

  function toggle(id: number): void {
    setExpanded(id, !expandedIds.value.has(id));
  }

  return {
    items,
    expandedIds,
    selectedId,
    loading,
    error,
    roots,
    rows,
    selectedItem,
    load,
    select,
    setExpanded,
    toggle,
  };
});
