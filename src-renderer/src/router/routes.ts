// The views, one line each: path, name, the nav label's message key, and the lazily loaded component.
import type { RouteRecordRaw } from 'vue-router';

export interface ViewEntry {
  name: string;
  /** Message key of its navigation label. */
  label: string;
  /** Whether the filter bar shows the time grain for it. */
  grain: boolean;
  /** False for views the filter bar does not apply to (sync, connections): it is not shown there. */
  filters?: false;
  load: () => Promise<unknown>;
}

export const views: ViewEntry[] = [
  { name: 'overview', label: 'nav.overview', grain: false, load: () => import('../views/OverviewView.vue') },
  { name: 'trends', label: 'nav.trends', grain: true, load: () => import('../views/TrendsView.vue') },
  { name: 'patterns', label: 'nav.patterns', grain: false, load: () => import('../views/PatternsView.vue') },
  { name: 'ranking', label: 'nav.ranking', grain: false, load: () => import('../views/RankingView.vue') },
  { name: 'explore', label: 'nav.explore', grain: false, load: () => import('../views/ExploreView.vue') },
  { name: 'data', label: 'nav.data', grain: true, load: () => import('../views/DataView.vue') },
  {
    name: 'follow-ups',
    label: 'nav.followUps',
    grain: true,
    load: () => import('../views/FollowUpsView.vue'),
  },
  { name: 'comments', label: 'nav.comments', grain: false, load: () => import('../views/CommentsView.vue') },
  { name: 'alerts', label: 'nav.alerts', grain: false, load: () => import('../views/AlertsView.vue') },
  { name: 'people', label: 'nav.people', grain: false, load: () => import('../views/PeopleView.vue') },
  {
    name: 'reconciliation',
    label: 'nav.reconciliation',
    grain: false,
    load: () => import('../views/ReconciliationView.vue'),
  },
  {
    name: 'sync',
    label: 'nav.sync',
    grain: false,
    filters: false,
    load: () => import('../views/SyncView.vue'),
  },
  {
    name: 'connections',
    label: 'nav.connections',
    grain: false,
    filters: false,
    load: () => import('../views/ConnectionsView.vue'),
  },
];

export const defaultView = 'overview';

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: { name: defaultView } },
  ...views.map((v) => ({
    path: `/${v.name}`,
    name: v.name,
    component: v.load,
    meta: { grain: v.grain, filters: v.filters !== false },
  })),
  { path: '/:rest(.*)*', redirect: { name: defaultView } },
];
