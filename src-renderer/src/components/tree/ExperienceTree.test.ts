// The tree component in happy-dom: text-only names, ARIA tree semantics, mouse and keyboard.
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { buildTree, visibleRows } from '../../stores/treeRows.ts';
import { sampleTree } from '../../testing/sampleTree.ts';
import ExperienceTree from './ExperienceTree.vue';

function mountTree(expanded: number[] = [1, 2], selectedId: number | null = 1) {
  const rows = visibleRows(buildTree(sampleTree), new Set(expanded));
  return mount(ExperienceTree, {
    props: { rows, selectedId, label: 'Experience point tree' },
    attachTo: document.body,
  });
}

describe('ExperienceTree', () => {
  it('renders names as text, never as markup', () => {
    const wrapper = mountTree();
    expect(wrapper.find('img').exists()).toBe(false);
    expect(wrapper.text()).toContain('<img src=x onerror="window.pwned=1">Store A');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
    wrapper.unmount();
  });

  it('is an ARIA tree with levels, expansion and selection, and one tabbable row', () => {
    const wrapper = mountTree();
    expect(wrapper.get('ul').attributes()).toMatchObject({
      role: 'tree',
      'aria-label': 'Experience point tree',
    });
    const items = wrapper.findAll('[role="treeitem"]');
    expect(items.map((i) => i.attributes('data-id'))).toEqual(['1', '2', '4', '5', '3']);
    expect(items[0]?.attributes()).toMatchObject({
      'aria-level': '1',
      'aria-expanded': 'true',
      'aria-selected': 'true',
    });
    expect(items[4]?.attributes()).toMatchObject({
      'aria-level': '2',
      'aria-expanded': 'false',
      'aria-selected': 'false',
    });
    expect(items[2]?.attributes('aria-expanded')).toBeUndefined(); // a leaf has no expanded state
    expect(items.filter((i) => i.attributes('tabindex') === '0').map((i) => i.attributes('data-id'))).toEqual(
      ['1'],
    );
    wrapper.unmount();
  });

  it('selects on click and expands or collapses from the twisty without selecting', async () => {
    const wrapper = mountTree();
    await wrapper.get('[data-id="5"]').trigger('click');
    expect(wrapper.emitted('select')).toEqual([[5]]);
    await wrapper.get('[data-id="3"] .experience-tree__twisty').trigger('click');
    expect(wrapper.emitted('expand')).toEqual([[3, true]]);
    expect(wrapper.emitted('select')).toHaveLength(1);
    wrapper.unmount();
  });

  it('moves focus with the arrow keys and selects with Enter', async () => {
    const wrapper = mountTree();
    const tree = wrapper.get('ul');
    await tree.trigger('keydown', { key: 'ArrowDown' });
    await tree.trigger('keydown', { key: 'ArrowDown' });
    await wrapper.vm.$nextTick();
    expect(document.activeElement?.getAttribute('data-id')).toBe('4');
    expect(wrapper.get('[data-id="4"]').attributes('tabindex')).toBe('0');
    await tree.trigger('keydown', { key: 'Enter' });
    expect(wrapper.emitted('select')).toEqual([[4]]);
    await tree.trigger('keydown', { key: 'ArrowLeft' });
    await wrapper.vm.$nextTick();
    expect(document.activeElement?.getAttribute('data-id')).toBe('2');
    await tree.trigger('keydown', { key: 'ArrowLeft' });
    expect(wrapper.emitted('expand')).toEqual([[2, false]]);
    wrapper.unmount();
  });
});
