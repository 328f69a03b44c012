import type { AnswerText } from './support-answers.ts';

/** The common questions in Luganda. */
export const answersLg: AnswerText[] = [
  {
    id: 'pay-mobile-money',
    question: 'Nsasula ntya nga nkozesa mobile money?',
    answer:
      "Ggulawo order yo oba looni yo, olonde okusasula. Wandiika ennamba yo eya MTN oba Airtel, olwo okkirize obubaka obujja ku ssimu yo ng'okozesa PIN ya mobile money. SMS ejja kukutegeeza ssente bwe zinaatuuka. Ku looni osobola okusasula ssente zonna, ntono oba nnyingi.",
  },
  {
    id: 'pay-paybill',
    question: 'Nsasula ntya ku paybill nga nkozesa ennamba ya akawunti yange?',
    answer:
      "Kuba *165# (MTN) oba *185# (Airtel), olonde Pay bill, oyingize ennamba yaffe ey'okusasuliramu. Mu kifo kya akawunti, wandiika ennamba ya looni yo (LN-…) okusasula looni, ennamba ya order okusasula order, oba ennamba ya akawunti yo (eri mu Akawunti yange) okwongera ssente ku waleti. Bw'osasula looni, koodi yo empya ejja mu SMS.",
  },
  {
    id: 'pay-ussd',
    question: 'Nsobola okukozesa essimu etaliiko intaneeti?',
    answer:
      "Yee. Kuba koodi yaffe eya USSD (eri ku lupapula lw'Obuyambi) ku ssimu yonna. Osobola okulaba ebbalansi, okusasula, okufuna koodi yo esembyeyo, okusaba obuyambi n'okukyusa olulimi. PIN ya USSD ekuuma ssente zo ne koodi zo.",
  },
  {
    id: 'token-what',
    question: 'Koodi (token) kye ki?',
    answer:
      "Koodi ye nnamba eggulawo ekyuma kyo eky'enjuba okumala ennaku z'osasulidde. Buli lw'osasula looni ofuna koodi empya, mu SMS ne ku lupapula lwa looni yo. Bw'omala okusasula looni yonna ofuna koodi esumulula, ekyuma ne kiba kikyo emirembe gyonna.",
  },
  {
    id: 'token-type',
    question: "Nkuba ntya koodi ku bappeesa b'ekyuma?",
    answer:
      "Kuba koodi yonna ku bappeesa b'ekyuma, ennamba emu ku emu, awatali mabanga, olwo onyige eppeesa ery'okukakasa (emirundi mingi #, oba OK). Ekyuma kikulaga ennaku ezigattiddwako. Bw'osobya, nyiga eppeesa ery'okusazaamu (emirundi mingi *) otandike buggya.",
  },
  {
    id: 'token-rejected',
    question: 'Koodi yange tekola. Nkole ki?',
    answer:
      "Kakasa nti koodi ya kyuma kino: ennamba y'ekyuma (serial) eri ku kyuma ne ku lupapula lwa looni yo. Gikube nate mpola. Koodi enkadde tekola ng'empya emaze okukozesebwa. Bw'egaana, ggulawo Obuyambi otuwe ennamba y'ekyuma.",
  },
  {
    id: 'late-payment',
    question: 'Kiki ekibaawo bwe ndwawo okusasula?',
    answer:
      "Ekyuma kyo kikola okumala ennaku z'osasulidde. Bwe ziggwaako, kiyimirira okutuusa lw'osasula nate; koodi empya ekiddamu okukiggulawo. Tukujjukiza mu SMS ng'olunaku lw'okusasula terunnatuuka n'oluvannyuma lwalwo. Tetusasuza ngassi ya kulwawo okuggyako nga obukwakkulizo bwaffe bugiteekawo, era tukugamba nga tennaba kukola. Ennaku 90 nga tosasula, looni eba egudde era ekyuma kiyinza okuddizibwa, n'olwekyo yogera naffe oba ne ajenti wo mangu.",
  },
  {
    id: 'pay-early',
    question: 'Nsobola okusasula ssente nnyingi, oba okumalayo looni mangu?',
    answer:
      "Yee. Ssente ezisukkawo zisasula ebitundu ebiddako, era buli kusasula kugula ennaku endala. Okusasula byonna omulundi gumu, saba omuwendo gw'okumalayo ku lupapula lwa looni yo: okumalayo mangu kuyinza okukendeeza ku by'obanjibwa. Bulijjo olaba omuwendo nga tonnasasula.",
  },
  {
    id: 'warranty',
    question: 'Ggaranti ekola ku ki?',
    answer:
      "Ggaranti etandika ku lunaku ekintu lwe kikuleeterwa, era emala emyezi egiragiddwa ku kintu. Bwe kifa olw'obuzibu bwakyo mu biseera ebyo, tukikola oba tukuwa ekipya ku bwereere, era looni yo egenda ku kyuma ekipya n'ennaku z'osasulidde. Ggaranti bw'eggwaako, tukugamba bbeeyi nga tetunnakikola.",
  },
  {
    id: 'delivery',
    question: 'Okuleeta ebintu kukola kutya?',
    answer:
      "Tuleeta order yo ku ndagiriro gy'otuwa ng'ogula. Ofuna obubaka ku buli mutendera: esasuddwa, eteekebwateekebwa, eri mu kkubo, etuuse. Goberera order yo ku lupapula lw'Ebyalagiddwa. Kebera nti ekintu kikola ng'oyo akireese tannagenda.",
  },
  {
    id: 'identity',
    question: 'Lwaki mwekenneenya ebikwata ku nze?',
    answer:
      "Okugula ku looni tulina okumanya ggwe ani. Tuwe ebikukwatako n'ekifo w'obeera, ennamba yo eya NIN, ekifaananyi ky'endangamuntu yo ne selfie. Abakozi baffe babyekenneenya. Ebikukwatako bikuumibwa nga bya kyama era bikozesebwa ku akawunti yo yokka.",
  },
  {
    id: 'wallet',
    question: 'Waleti kye ki?',
    answer:
      "Waleti yo ekuumira ssente zo gye tuli. Gyongeremu ssente ne mobile money oba paybill, ozikozese okusasula order ne looni. Ssente ezikuddizibwa n'ezisukkawo ku looni zigenda omwo. Tesobola kugenda wansi wa zero.",
  },
  {
    id: 'agents',
    question: 'Ajenti akola ki?',
    answer:
      "Ba-ajenti baffe bakola mu kitundu kyo. Ajenti asobola okukuwandiisa, okukuyamba okugula, okutwala ssente enkalu ez'okusasula looni yo n'okukuyamba nga waliwo ekitagenda bulungi. Bw'osasula ajenti ssente enkalu, ofuna SMS ekikakasa: gikuume. Tosasula ajenti nga tofunye bubaka obwo.",
  },
  {
    id: 'choose-system',
    question: "Nneetaaga kyuma ki eky'enjuba?",
    answer:
      "Kisinziira ku by'oyagala okukozesa n'essaawa mmeka buli lunaku. Ettaala ne leediyo byetaaga ekyuma ekitono; TV yeetaaga ekinene ekijja ne TV; firiigi yeetaaga ekisinga obunene. Omuyambi waffe akubalira n'akulaga ebyuma ebikugyamu ne bbeeyi zaabyo.",
  },
];
