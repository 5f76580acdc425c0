/**
 * The tabs as sync sees them, read out of the flexlayout model: each viewer's slide, flip and whether
 * it is displayed (the selected tab of its tab set). The model is mutable, so React holds snapshots:
 * `useSyncTabs` takes a new one after every action on the model.
 */
import { useEffect, useState } from 'react';
import { TabNode, TabSetNode, type Model } from 'flexlayout-react';
import { changeTabState, tabConfigOf } from '../viewer-layout.ts';

export interface SyncTab {
  viewerId: string;
  slideId: string;
  isFlipped: boolean;
  isDisplayed: boolean;
}

export function syncTabsOf(model: Model): SyncTab[] {
  const tabs: SyncTab[] = [];
  model.visitNodes((node) => {
    if (!(node instanceof TabNode)) return;
    const config = tabConfigOf(node);
    if (config)
      tabs.push({
        viewerId: node.getId(),
        slideId: config.slideId,
        isFlipped: config.isFlipped,
        isDisplayed: isDisplayed(model, node),
      });
  });
  return tabs;
}

/**
 * The selected tab of its tab set, unless another tab set is maximized. Worked out from the model:
 * flexlayout's own `isVisible` is set only once the layout has drawn the change.
 */
function isDisplayed(model: Model, node: TabNode): boolean {
  const parent = node.getParent();
  const maximized = model.getMaximizedTabset();
  return node.isSelected() && (!(parent instanceof TabSetNode) || !maximized || maximized === parent);
}

const sameTabs = (a: readonly SyncTab[], b: readonly SyncTab[]) => JSON.stringify(a) === JSON.stringify(b);

/** The model's tabs, a new array only when they changed. */
export function useSyncTabs(model: Model): SyncTab[] {
  const [tabs, setTabs] = useState(() => syncTabsOf(model));
  useEffect(() => {
    const listener = {
      onAfterAction: () => setTabs((now) => (sameTabs(now, syncTabsOf(model)) ? now : syncTabsOf(model))),
    };
    model.addChangeListener(listener);
    // An action between the first render and this effect.
    listener.onAfterAction();
    return () => model.removeChangeListener(listener);
  }, [model]);
  return tabs;
}

/** Spec 2 §4 "Flip": a viewer flipped from elsewhere (its landmarks) keeps the flip with its tab. */
export function flipTab(model: Model, viewerId: string, isFlipped: boolean): void {
  changeTabState(model, viewerId, { isFlipped });
}
