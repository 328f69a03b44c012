import type { AnswerText } from './support-answers.ts';

/** The common questions in English; Luganda and Kiswahili answer the same ids (answers.test.ts). */
export const answersEn: AnswerText[] = [
  {
    id: 'pay-mobile-money',
    question: 'How do I pay with mobile money?',
    answer:
      'Open your order or loan and choose to pay. Type your MTN or Airtel number, then confirm the prompt on your phone with your mobile money PIN. An SMS tells you when the money has arrived. A loan takes any amount, small or large.',
  },
  {
    id: 'pay-paybill',
    question: 'How do I pay by paybill with my account number?',
    answer:
      'Dial *165# (MTN) or *185# (Airtel), choose Pay bill and enter our business number. As the account, type your loan number (LN-…) to pay a loan, your order number to pay an order, or your account number from My account to top up your wallet. A loan payment sends your new token by SMS.',
  },
  {
    id: 'pay-ussd',
    question: 'Can I use a phone without internet?',
    answer:
      'Yes. Dial our USSD code (on the Support page) from any phone. You can see your balance, pay, get your latest token, ask for help and change the language. A USSD PIN keeps your money and tokens safe.',
  },
  {
    id: 'token-what',
    question: 'What is a token?',
    answer:
      'A token is a number that switches your solar device on for the days you have paid for. Each loan payment gives a new token, by SMS and in My loans. When the loan is paid off you get an unlock token, and the device is yours for good.',
  },
  {
    id: 'token-type',
    question: 'How do I type a token on the keypad?',
    answer:
      'Type the whole token on the device keypad, digit by digit, with no spaces, then press the confirm key (often # or OK). The screen or light shows the days added. If you make a mistake, press the cancel key (often *) and start again.',
  },
  {
    id: 'token-rejected',
    question: 'My token does not work. What do I do?',
    answer:
      'Check that the token is for this device: the serial number is on the device and in My loans. Type it again slowly. An older token does not work after a newer one. If it still fails, open Support and tell us the serial number.',
  },
  {
    id: 'late-payment',
    question: 'What happens if I pay late?',
    answer:
      'Your device works for the days you have paid for. When they run out it stops until you pay again; the next token switches it back on. We remind you by SMS before and after the due date. We charge no late fee unless our terms set one, and we tell you before it applies. After 90 days without payment a loan is in default and the device may be taken back, so talk to us or your agent early.',
  },
  {
    id: 'pay-early',
    question: 'Can I pay more, or pay off my loan early?',
    answer:
      'Yes. Any extra money pays the next instalments, and each payment buys more days. To pay everything at once, ask for a payoff quote in My loans: paying early can lower what you owe. You always see the amount before you pay.',
  },
  {
    id: 'warranty',
    question: 'What does the warranty cover?',
    answer:
      'The warranty starts on the day the product is delivered and lasts the months shown on the product. If it stops working because of a fault in that time, we repair it or give you a new unit for free, and your loan moves to the new unit with the days you paid for. After the warranty, we tell you the price before any repair.',
  },
  {
    id: 'delivery',
    question: 'How does delivery work?',
    answer:
      'We bring your order to the address you give at checkout. You get a message at each step: paid, being prepared, on the way, delivered. Follow your order in My orders. Check the product works before the person delivering leaves.',
  },
  {
    id: 'identity',
    question: 'Why do you check my identity?',
    answer:
      'To buy on credit we must know who you are. Give your details and address, your National ID Number (NIN), a photo of your ID and a selfie. Our staff check them. Your details are kept private and used only for your account.',
  },
  {
    id: 'wallet',
    question: 'What is the wallet?',
    answer:
      'Your wallet keeps your money with us. Top it up with mobile money or paybill, and use it to pay orders and loans. Refunds and extra money from a loan go there. It never goes below zero.',
  },
  {
    id: 'agents',
    question: 'What does an agent do?',
    answer:
      'Our agents work in your area. An agent can sign you up, help you buy, collect cash for your loan and help when something goes wrong. When you pay an agent in cash, you get an SMS for it: keep it. Never pay an agent without getting that message.',
  },
  {
    id: 'choose-system',
    question: 'Which system do I need?',
    answer:
      'It depends on what you want to run and for how long each day. Lights and a radio need a small system; a TV needs a bigger one with a TV; a fridge needs the biggest. Our assistant adds it up for you and shows the systems that fit, with their prices.',
  },
];
