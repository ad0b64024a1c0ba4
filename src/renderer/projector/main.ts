import { createPinia } from 'pinia'
import { createApp } from 'vue'
import { createAppI18n } from '../i18n'
import { projectorMessages } from '../i18n/projector-messages'
import '../shared/base.css'
import App from './App.vue'

createApp(App).use(createPinia()).use(createAppI18n(projectorMessages)).mount('#app')
