// The loans feature's face to its routes and the other features: one use case per file.
export { applyForLoans, createLoans, loansByKey, loanSummaries, loanTerms } from './applications.ts';
export { decideLoan, expireUnpaidApproval, withdrawApplication } from './decisions.ts';
export { payDeposit } from './deposits.ts';
export { judgeUnits } from './credit-check.ts';
export { customerFollowOn } from './follow-on.ts';
export { DEPOSIT_DAYS, findLoan, findLoans, type LoanDeps } from './loan-rows.ts';
export { loanView, myLoans, nextPaymentsOf, summaries } from './loan-views.ts';
export { addPlan, changePlan, holdPlans, productPlans } from './plans.ts';
export { repayLoan } from './repayments.ts';
export { onLoanPaymentApplied, type LoanPaymentRule } from './loan-payment-rules.ts';
export { cashPaymentToken, loanNumbersOf, takeCashForLoan } from './cash-loan-payment.ts';
export { customersInArrears, customersLoanPage, par30ByGroup } from './agent-book.ts';
export { closeOnRepossession, loanFacts, lockDefaultedLoan, restockDevice } from './repossessed.ts';
export { customerDevices, powerDaysByProduct, type CustomerDevice } from './customer-devices.ts';
export { spaced } from './tokens.ts';
export { previewSwap, swapDevice, type SwapQuote } from './swap.ts';
export { loanForPaybill, loanSeqOf, repayableLoansOf } from './paybill-loan.ts';
export { latestPar, loanBusinessByDay, loansWaitingApproval, type DayTotal } from './business-days.ts';
export { customerIdsByLoan } from './campaign-borrowers.ts';
export { parHistory } from './portfolio-history.ts';
export {
  collectionsByAgent,
  collectionsByDay,
  lossesByMonth,
  portfolioOn,
  rollRatesOver,
  startVintages,
  type Collected,
} from './report-figures.ts';
