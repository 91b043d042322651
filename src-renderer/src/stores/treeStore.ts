// The experience-point tree: its items and which groups are open (which points are chosen is the filter store's).
import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { TreeItem } from '#shared/contract.ts';
import { useClient } from '../client.ts';
import { buildTree, visibleRows } from './treeRows.ts';

export const useTreeStore = defineStore('tree', () => {
  const items = ref<TreeItem[]>([]);
  const expandedIds = ref<Set<number>>(new Set());
  const loading = ref(false);
  const error = ref<string | null>(null);

  const roots = computed(() => buildTree(items.value));
  const rows = computed(() => visibleRows(roots.value, expandedIds.value));

  /** Loads the tree once (several parts of the page ask for it at start; one request serves them all). */
  async function load(): Promise<void> {
    if (loading.value) return;
    loading.value = true;
    error.value = null;
    const result = await useClient().invoke('tree:list', {});
    loading.value = false;
    if (!result.ok) {
      error.value = result.error.message;
      return;
    }
    items.value = result.value;
    // Start with the top level open.
    expandedIds.value = new Set(roots.value.map((n) => n.id));
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

  return { items, expandedIds, loading, error, roots, rows, load, setExpanded, toggle };
});
