"""The Twilight Struggle map: 84 countries, written as data.

Facts (region, stability, battleground, links) follow the Deluxe Edition map.
Each row: name, region, stability, battleground, subregions, neighbours,
adjacent superpower (or None), other spellings accepted by the parser.
The order of rows is the country index used throughout the engine state.
"""

from __future__ import annotations

from typing import NamedTuple


class CountryFact(NamedTuple):
    """One printed map space."""

    name: str
    region: str
    stability: int
    battleground: bool
    subregions: tuple[str, ...]
    neighbours: tuple[str, ...]
    superpower: str | None
    aliases: tuple[str, ...] = ()


COUNTRY_FACTS: tuple[CountryFact, ...] = (
    CountryFact('Canada', 'Europe', 4, False, ('Western Europe',), ('UK',), 'US'),
    CountryFact('UK', 'Europe', 5, False, ('Western Europe',), ('Benelux', 'Canada', 'France', 'Norway'), None, ('United Kingdom', 'U.K.')),
    CountryFact('Norway', 'Europe', 4, False, ('Western Europe',), ('Sweden', 'UK'), None),
    CountryFact('Sweden', 'Europe', 4, False, ('Western Europe',), ('Denmark', 'Finland', 'Norway'), None),
    CountryFact('Denmark', 'Europe', 3, False, ('Western Europe',), ('Sweden', 'West Germany'), None),
    CountryFact('Benelux', 'Europe', 3, False, ('Western Europe',), ('UK', 'West Germany'), None),
    CountryFact('France', 'Europe', 3, True, ('Western Europe',), ('Algeria', 'Italy', 'Spain/Portugal', 'UK', 'West Germany'), None),
    CountryFact('Spain/Portugal', 'Europe', 2, False, ('Western Europe',), ('France', 'Italy', 'Morocco'), None, ('Spain', 'Portugal')),
    CountryFact('Italy', 'Europe', 2, True, ('Western Europe',), ('Austria', 'France', 'Greece', 'Spain/Portugal', 'Yugoslavia'), None),
    CountryFact('Greece', 'Europe', 2, False, ('Western Europe',), ('Bulgaria', 'Italy', 'Turkey', 'Yugoslavia'), None),
    CountryFact('Turkey', 'Europe', 2, False, ('Western Europe',), ('Bulgaria', 'Greece', 'Romania', 'Syria'), None),
    CountryFact('Austria', 'Europe', 4, False, ('Western Europe', 'Eastern Europe'), ('East Germany', 'Hungary', 'Italy', 'West Germany'), None),
    CountryFact('Finland', 'Europe', 4, False, ('Western Europe', 'Eastern Europe'), ('Sweden',), 'USSR'),
    CountryFact('West Germany', 'Europe', 4, True, ('Western Europe',), ('Austria', 'Benelux', 'Denmark', 'East Germany', 'France'), None, ('W. Germany',)),
    CountryFact('East Germany', 'Europe', 3, True, ('Eastern Europe',), ('Austria', 'Czechoslovakia', 'Poland', 'West Germany'), None, ('E. Germany',)),
    CountryFact('Poland', 'Europe', 3, True, ('Eastern Europe',), ('Czechoslovakia', 'East Germany'), 'USSR'),
    CountryFact('Czechoslovakia', 'Europe', 3, False, ('Eastern Europe',), ('East Germany', 'Hungary', 'Poland'), None),
    CountryFact('Hungary', 'Europe', 3, False, ('Eastern Europe',), ('Austria', 'Czechoslovakia', 'Romania', 'Yugoslavia'), None),
    CountryFact('Yugoslavia', 'Europe', 3, False, ('Eastern Europe',), ('Greece', 'Hungary', 'Italy', 'Romania'), None),
    CountryFact('Romania', 'Europe', 3, False, ('Eastern Europe',), ('Hungary', 'Turkey', 'Yugoslavia'), 'USSR'),
    CountryFact('Bulgaria', 'Europe', 3, False, ('Eastern Europe',), ('Greece', 'Turkey'), None),
    CountryFact('Libya', 'Middle East', 2, True, (), ('Egypt', 'Tunisia'), None),
    CountryFact('Egypt', 'Middle East', 2, True, (), ('Israel', 'Libya', 'Sudan'), None),
    CountryFact('Israel', 'Middle East', 4, True, (), ('Egypt', 'Jordan', 'Lebanon', 'Syria'), None),
    CountryFact('Lebanon', 'Middle East', 1, False, (), ('Israel', 'Jordan', 'Syria'), None),
    CountryFact('Syria', 'Middle East', 2, False, (), ('Israel', 'Lebanon', 'Turkey'), None),
    CountryFact('Iraq', 'Middle East', 3, True, (), ('Gulf States', 'Iran', 'Jordan', 'Saudi Arabia'), None),
    CountryFact('Iran', 'Middle East', 2, True, (), ('Afghanistan', 'Iraq', 'Pakistan'), None),
    CountryFact('Jordan', 'Middle East', 2, False, (), ('Iraq', 'Israel', 'Lebanon', 'Saudi Arabia'), None),
    CountryFact('Gulf States', 'Middle East', 3, False, (), ('Iraq', 'Saudi Arabia'), None),
    CountryFact('Saudi Arabia', 'Middle East', 3, True, (), ('Gulf States', 'Iraq', 'Jordan'), None),
    CountryFact('Afghanistan', 'Asia', 2, False, (), ('Iran', 'Pakistan'), 'USSR'),
    CountryFact('Pakistan', 'Asia', 2, True, (), ('Afghanistan', 'India', 'Iran'), None),
    CountryFact('India', 'Asia', 3, True, (), ('Burma', 'Pakistan'), None),
    CountryFact('Australia', 'Asia', 4, False, (), ('Malaysia',), None),
    CountryFact('Japan', 'Asia', 4, True, (), ('Philippines', 'South Korea', 'Taiwan'), 'US'),
    CountryFact('Taiwan', 'Asia', 3, False, (), ('Japan', 'South Korea'), None),
    CountryFact('South Korea', 'Asia', 3, True, (), ('Japan', 'North Korea', 'Taiwan'), None, ('S. Korea',)),
    CountryFact('North Korea', 'Asia', 3, True, (), ('South Korea',), 'USSR', ('N. Korea',)),
    CountryFact('Burma', 'Asia', 2, False, ('Southeast Asia',), ('India', 'Laos/Cambodia'), None),
    CountryFact('Laos/Cambodia', 'Asia', 1, False, ('Southeast Asia',), ('Burma', 'Thailand', 'Vietnam'), None, ('Cambodia/Laos', 'Laos', 'Cambodia')),
    CountryFact('Thailand', 'Asia', 2, True, ('Southeast Asia',), ('Laos/Cambodia', 'Malaysia', 'Vietnam'), None),
    CountryFact('Vietnam', 'Asia', 1, False, ('Southeast Asia',), ('Laos/Cambodia', 'Thailand'), None),
    CountryFact('Malaysia', 'Asia', 2, False, ('Southeast Asia',), ('Australia', 'Indonesia', 'Thailand'), None),
    CountryFact('Indonesia', 'Asia', 1, False, ('Southeast Asia',), ('Malaysia', 'Philippines'), None),
    CountryFact('Philippines', 'Asia', 2, False, ('Southeast Asia',), ('Indonesia', 'Japan'), None),
    CountryFact('Algeria', 'Africa', 2, True, (), ('France', 'Morocco', 'Saharan States', 'Tunisia'), None),
    CountryFact('Morocco', 'Africa', 3, False, (), ('Algeria', 'Spain/Portugal', 'West African States'), None),
    CountryFact('Tunisia', 'Africa', 2, False, (), ('Algeria', 'Libya'), None),
    CountryFact('West African States', 'Africa', 2, False, (), ('Ivory Coast', 'Morocco'), None, ('West Africa',)),
    CountryFact('Ivory Coast', 'Africa', 2, False, (), ('Nigeria', 'West African States'), None, ("Cote d'Ivoire",)),
    CountryFact('Saharan States', 'Africa', 1, False, (), ('Algeria', 'Nigeria'), None),
    CountryFact('Nigeria', 'Africa', 1, True, (), ('Cameroon', 'Ivory Coast', 'Saharan States'), None),
    CountryFact('Cameroon', 'Africa', 1, False, (), ('Nigeria', 'Zaire'), None),
    CountryFact('Zaire', 'Africa', 1, True, (), ('Angola', 'Cameroon', 'Zimbabwe'), None),
    CountryFact('Angola', 'Africa', 1, True, (), ('Botswana', 'South Africa', 'Zaire'), None),
    CountryFact('South Africa', 'Africa', 3, True, (), ('Angola', 'Botswana'), None),
    CountryFact('Botswana', 'Africa', 2, False, (), ('Angola', 'South Africa', 'Zimbabwe'), None),
    CountryFact('Zimbabwe', 'Africa', 1, False, (), ('Botswana', 'SE African States', 'Zaire'), None),
    CountryFact('SE African States', 'Africa', 1, False, (), ('Kenya', 'Zimbabwe'), None, ('Southeast African States', 'SE Africa')),
    CountryFact('Kenya', 'Africa', 2, False, (), ('SE African States', 'Somalia'), None),
    CountryFact('Somalia', 'Africa', 2, False, (), ('Ethiopia', 'Kenya'), None),
    CountryFact('Ethiopia', 'Africa', 1, False, (), ('Somalia', 'Sudan'), None),
    CountryFact('Sudan', 'Africa', 1, False, (), ('Egypt', 'Ethiopia'), None),
    CountryFact('Mexico', 'Central America', 2, True, (), ('Guatemala',), 'US'),
    CountryFact('Guatemala', 'Central America', 1, False, (), ('El Salvador', 'Honduras', 'Mexico'), None),
    CountryFact('El Salvador', 'Central America', 1, False, (), ('Guatemala', 'Honduras'), None),
    CountryFact('Honduras', 'Central America', 2, False, (), ('Costa Rica', 'El Salvador', 'Guatemala', 'Nicaragua'), None),
    CountryFact('Costa Rica', 'Central America', 3, False, (), ('Honduras', 'Nicaragua', 'Panama'), None),
    CountryFact('Panama', 'Central America', 2, True, (), ('Colombia', 'Costa Rica'), None),
    CountryFact('Nicaragua', 'Central America', 1, False, (), ('Costa Rica', 'Cuba', 'Honduras'), None),
    CountryFact('Cuba', 'Central America', 3, True, (), ('Haiti', 'Nicaragua'), 'US'),
    CountryFact('Haiti', 'Central America', 1, False, (), ('Cuba', 'Dominican Republic'), None),
    CountryFact('Dominican Republic', 'Central America', 1, False, (), ('Haiti',), None, ('Dominican Rep.', 'Dominican Rep')),
    CountryFact('Colombia', 'South America', 1, False, (), ('Ecuador', 'Panama', 'Venezuela'), None),
    CountryFact('Ecuador', 'South America', 2, False, (), ('Colombia', 'Peru'), None),
    CountryFact('Peru', 'South America', 2, False, (), ('Bolivia', 'Chile', 'Ecuador'), None),
    CountryFact('Chile', 'South America', 3, True, (), ('Argentina', 'Peru'), None),
    CountryFact('Argentina', 'South America', 2, True, (), ('Chile', 'Paraguay', 'Uruguay'), None),
    CountryFact('Uruguay', 'South America', 2, False, (), ('Argentina', 'Brazil', 'Paraguay'), None),
    CountryFact('Paraguay', 'South America', 2, False, (), ('Argentina', 'Bolivia', 'Uruguay'), None),
    CountryFact('Bolivia', 'South America', 2, False, (), ('Paraguay', 'Peru'), None),
    CountryFact('Brazil', 'South America', 2, True, (), ('Uruguay', 'Venezuela'), None),
    CountryFact('Venezuela', 'South America', 2, True, (), ('Brazil', 'Colombia'), None),
)
