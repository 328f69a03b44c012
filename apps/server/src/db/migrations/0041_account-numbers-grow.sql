-- Account numbers grow from seven digits to eight (seven from the sequence and the Luhn check
-- digit) after the 900,000th account instead of failing every sign-up from then on.
ALTER SEQUENCE "public"."account_number_seq" MAXVALUE 9999999;
