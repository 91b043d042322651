// Renderer entry: one Vue app with Pinia, the hash router (opened where it was last closed) and vue-i18n.
import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import { createAppI18n } from './i18n/index.ts';
import { createAppRouter } from './router/index.ts';
import { installRouteSync, startRoute } from './router/routeSync.ts';
import { useFilterStore } from './stores/filterStore.ts';
import './components/ui/elementPlus.ts';
import './styles/app.css';

const pinia = createPinia();
const router = createAppRouter();
const app = createApp(App).use(pinia).use(router).use(createAppI18n());
installRouteSync(router, useFilterStore(pinia), window.localStorage);
const resume = startRoute(window.location.hash, window.localStorage);
if (resume) void router.replace(resume);
app.mount('#app');
