import { defineMessages } from '../i18n/define-messages.ts';

export const priceMessages = defineMessages({
  noPrice: { id: 'price.none', defaultMessage: 'No price' },
  priceLabel: { id: 'price.label', defaultMessage: 'Price' },
  updated: { id: 'price.updated', defaultMessage: 'on {date}' },
  historyTitle: { id: 'price.historyTitle', defaultMessage: 'Price history' },
  chartEmpty: { id: 'price.chart.empty', defaultMessage: 'No history yet' },
  chartTableDate: { id: 'price.chart.date', defaultMessage: 'Date' },
  chartTableAmount: { id: 'price.chart.amount', defaultMessage: 'Amount' },
  chartShowData: { id: 'price.chart.showData', defaultMessage: 'Show the figures' },
  chartSummary: { id: 'price.chart.summary', defaultMessage: '{first} on {firstDate}, {last} on {lastDate} ({count, plural, one {# point} other {# points}})' },
  chartLoading: { id: 'price.chart.loading', defaultMessage: 'Loading the chart...' },
});
