import type { AnswerText } from './support-answers.ts';

/** The common questions in Kiswahili. */
export const answersSw: AnswerText[] = [
  {
    id: 'pay-mobile-money',
    question: 'Ninalipaje kwa pesa za simu?',
    answer:
      'Fungua oda au mkopo wako na uchague kulipa. Andika namba yako ya MTN au Airtel, kisha thibitisha ombi kwenye simu yako kwa PIN yako ya pesa za simu. SMS itakujulisha pesa zikifika. Mkopo unapokea kiasi chochote, kidogo au kikubwa.',
  },
  {
    id: 'pay-paybill',
    question: 'Ninalipaje kwa paybill kwa namba ya akaunti yangu?',
    answer:
      'Piga *165# (MTN) au *185# (Airtel), chagua Pay bill na uweke namba yetu ya biashara. Kwenye akaunti, andika namba ya mkopo wako (LN-…) kulipa mkopo, namba ya oda kulipa oda, au namba yako ya akaunti (iko kwenye Akaunti yangu) kuongeza pesa kwenye pochi. Ukilipa mkopo, tokeni yako mpya inakuja kwa SMS.',
  },
  {
    id: 'pay-ussd',
    question: 'Naweza kutumia simu isiyo na intaneti?',
    answer:
      'Ndiyo. Piga namba yetu ya USSD (iko kwenye ukurasa wa Msaada) kwa simu yoyote. Unaweza kuona salio, kulipa, kupata tokeni yako ya mwisho, kuomba msaada na kubadilisha lugha. PIN ya USSD inalinda pesa na tokeni zako.',
  },
  {
    id: 'token-what',
    question: 'Tokeni ni nini?',
    answer:
      'Tokeni ni namba inayowasha kifaa chako cha sola kwa siku ulizolipia. Kila malipo ya mkopo yanakupa tokeni mpya, kwa SMS na kwenye ukurasa wa mkopo wako. Ukimaliza kulipa mkopo unapata tokeni ya kufungua, na kifaa kinakuwa chako milele.',
  },
  {
    id: 'token-type',
    question: 'Ninaandikaje tokeni kwenye vitufe vya kifaa?',
    answer:
      'Andika tokeni nzima kwenye vitufe vya kifaa, tarakimu moja moja, bila nafasi, kisha bonyeza kitufe cha kuthibitisha (mara nyingi # au OK). Kifaa kitaonyesha siku zilizoongezwa. Ukikosea, bonyeza kitufe cha kufuta (mara nyingi *) na uanze upya.',
  },
  {
    id: 'token-rejected',
    question: 'Tokeni yangu haifanyi kazi. Nifanye nini?',
    answer:
      'Hakikisha tokeni ni ya kifaa hiki: namba ya kifaa (serial) iko kwenye kifaa na kwenye ukurasa wa mkopo wako. Iandike tena polepole. Tokeni ya zamani haifanyi kazi baada ya mpya kutumika. Ikikataa tena, fungua Msaada na utupe namba ya kifaa.',
  },
  {
    id: 'late-payment',
    question: 'Nini kinatokea nikichelewa kulipa?',
    answer:
      'Kifaa chako kinafanya kazi kwa siku ulizolipia. Zikiisha, kinazima hadi ulipe tena; tokeni inayofuata inakiwasha tena. Tunakukumbusha kwa SMS kabla na baada ya tarehe ya kulipa. Hatutozi faini ya kuchelewa isipokuwa masharti yetu yanaiweka, na tunakuambia kabla haijatumika. Baada ya siku 90 bila malipo mkopo unahesabiwa kuwa umeshindwa na kifaa kinaweza kurudishwa, kwa hiyo ongea nasi au na wakala wako mapema.',
  },
  {
    id: 'pay-early',
    question: 'Naweza kulipa zaidi, au kumaliza mkopo mapema?',
    answer:
      'Ndiyo. Pesa ya ziada inalipa awamu zinazofuata, na kila malipo yanaongeza siku. Kulipa yote mara moja, omba bei ya kumaliza kwenye ukurasa wa mkopo wako: kulipa mapema kunaweza kupunguza deni lako. Utaona kiasi kila mara kabla ya kulipa.',
  },
  {
    id: 'warranty',
    question: 'Dhamana inashughulikia nini?',
    answer:
      'Dhamana inaanza siku bidhaa inapokufikia na inadumu miezi iliyoonyeshwa kwenye bidhaa. Ikiharibika kwa kasoro yake katika muda huo, tunaitengeneza au tunakupa kifaa kipya bure, na mkopo wako unahamia kifaa kipya pamoja na siku ulizolipia. Dhamana ikiisha, tunakuambia bei kabla ya kutengeneza.',
  },
  {
    id: 'delivery',
    question: 'Usafirishaji unafanyaje kazi?',
    answer:
      'Tunaleta oda yako kwenye anwani unayotoa wakati wa kununua. Unapata ujumbe kila hatua: imelipwa, inaandaliwa, iko njiani, imefika. Fuatilia oda yako kwenye Oda zangu. Hakikisha bidhaa inafanya kazi kabla aliyeileta hajaondoka.',
  },
  {
    id: 'identity',
    question: 'Kwa nini mnathibitisha utambulisho wangu?',
    answer:
      'Ili kununua kwa mkopo lazima tukujue. Toa taarifa zako na anwani, Namba ya Kitambulisho cha Taifa (NIN), picha ya kitambulisho chako na selfie. Wafanyakazi wetu wanazikagua. Taarifa zako zinahifadhiwa kwa siri na zinatumika kwa akaunti yako tu.',
  },
  {
    id: 'wallet',
    question: 'Pochi ni nini?',
    answer:
      'Pochi yako inahifadhi pesa zako kwetu. Iongezee pesa kwa pesa za simu au paybill, na uitumie kulipa oda na mikopo. Marejesho na pesa ya ziada ya mkopo huingia humo. Haishuki chini ya sifuri.',
  },
  {
    id: 'agents',
    question: 'Wakala anafanya nini?',
    answer:
      'Mawakala wetu wanafanya kazi katika eneo lako. Wakala anaweza kukusajili, kukusaidia kununua, kupokea pesa taslimu za mkopo wako na kukusaidia kukiwa na tatizo. Ukimlipa wakala pesa taslimu, unapata SMS ya malipo hayo: itunze. Usimlipe wakala bila kupata ujumbe huo.',
  },
  {
    id: 'choose-system',
    question: 'Nahitaji mfumo gani wa sola?',
    answer:
      'Inategemea unataka kuwasha nini na kwa saa ngapi kila siku. Taa na redio zinahitaji mfumo mdogo; TV inahitaji mfumo mkubwa wenye TV; friji inahitaji mkubwa zaidi. Msaidizi wetu anakuhesabia na kukuonyesha mifumo inayofaa, pamoja na bei zake.',
  },
];
