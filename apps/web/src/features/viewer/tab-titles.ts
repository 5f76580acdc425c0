/**
 * Every tab's title and tooltip (spec 2 §2): 'Loading...' until its slide's details arrive, then the file
 * name (or id) and 'Assays: …'. Read for every open tab, shown or not — flexlayout mounts a tab's viewer
 * only once it is shown, and a tab in the background must still say which slide it holds. The details
 * are the same queries the viewers and sync read, so nothing is fetched twice.
 */
import { useEffect } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Actions, TabNode, type Model } from 'flexlayout-react';
import type { SlideDetails } from '@tessera/contract';
import { slideDetailsQuery } from '../../api/slide-viewer.ts';
import { openSlidesOfModel, tabConfigOf } from './viewer-layout.ts';

export function useTabTitles(projectId: string, model: Model): void {
  const tabs = openSlidesOfModel(model).viewers;
  const details = useQueries({
    queries: tabs.map((tab) => slideDetailsQuery(projectId, tab.slideId)),
    combine: (results) => results.map((r) => r.data),
  });
  useEffect(() => {
    tabs.forEach((tab, i) => {
      const slide = details[i];
      if (slide) titleTab(model, tab.viewerId, slide);
    });
  });
}

/** The tab's title and tooltip once its slide is known; unchanged ones are not written (no model change). */
function titleTab(model: Model, viewerId: string, slide: SlideDetails): void {
  const tab = model.getNodeById(viewerId);
  if (!(tab instanceof TabNode) || tabConfigOf(tab)?.slideId !== slide.id) return;
  const name = slide.fileName || slide.id;
  const helpText = slide.assayMarkersFormatted ? `Assays: ${slide.assayMarkersFormatted}` : 'No assays';
  if (tab.getName() !== name || tab.getHelpText() !== helpText)
    model.doAction(Actions.updateNodeAttributes(viewerId, { name, helpText }));
}
