// Renderer entry: one Vue app with Pinia, the hash router (opened where it was last closed) and vue-i18n.
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { createAppI18n } from './i18n/index.ts';
import { createAppRouter } from './router/index.ts';
import { installRouteSync, startRoute } from './router/routeSync.ts';
import { routerStarted } from './router/startRouter.ts';
import { useAppStore } from './stores/appStore.ts';
import { useFilterStore } from './stores/filterStore.ts';
import { useMigrationStore } from './stores/migrationStore.ts';
import './components/ui/elementPlus.ts';
import './styles/app.css';

const pinia = createPinia();
const router = createAppRouter();
const started = routerStarted(router, window); // notes address changes from before the first navigation
const app = createApp(App).use(pinia).use(router).use(createAppI18n());
installRouteSync(router, useFilterStore(pinia), window.localStorage);
const resume = startRoute(window.location.hash, window.localStorage);
if (resume) void router.replace(resume);
// Main is asked at once, while the first view's script loads: is the data file being updated, what does it hold.
useMigrationStore(pinia).watch();
void useAppStore(pinia).load();
// Shown once the router listens: nothing on screen can navigate (or change a filter) before it does.
void started.then(() => app.mount('#app'));
