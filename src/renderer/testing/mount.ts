/** Mount helpers: a fresh Pinia and the English i18n, optionally connected to a fake RefereeApi. */
import { mount, flushPromises, type ComponentMountingOptions } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import type { Component } from 'vue'
import type { RefereeAppView } from '../../shared/api'
import { createAppI18n } from '../i18n'
import { refereeMessages } from '../i18n/referee-messages'
import { useAppStore } from '../referee/stores/useAppStore'
import { fakeRefereeApi, type FakeRefereeApi } from './fakes'
import { makeAppView } from './fixtures'

export function freshPinia(): Pinia {
  const pinia = createPinia()
  setActivePinia(pinia)
  return pinia
}

export function plugins(pinia: Pinia = freshPinia()) {
  return [pinia, createAppI18n(refereeMessages)]
}

/** A Pinia whose app store is connected to a fake host showing `view`. */
export async function connectedReferee(view: RefereeAppView = makeAppView()): Promise<{ pinia: Pinia; api: FakeRefereeApi }> {
  const pinia = freshPinia()
  const api = fakeRefereeApi(view)
  await useAppStore().connect(api)
  return { pinia, api }
}

export async function mountWith<C extends Component>(component: C, pinia: Pinia, options: ComponentMountingOptions<C> = {} as ComponentMountingOptions<C>) {
  const wrapper = mount(component, { ...options, global: { ...options.global, plugins: [pinia, createAppI18n(refereeMessages)] } })
  await flushPromises()
  return wrapper
}
