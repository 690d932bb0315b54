/** react-query keys of the questionnaire feature: every input of a query is in its key. */
export const questionnaireKeys = {
  all: ['questionnaire'] as const,
  ofOrder: (orderId: string) => [...questionnaireKeys.all, 'order', orderId] as const,
  medications: (term: string) => [...questionnaireKeys.all, 'medications', term] as const,
};
