Feature: Placing a detective
  Transcribes "Placing a detective" [Poser un détective], ¶14-18 of
  pi.fr.txt: a detective goes on a location; each element of the player's
  own case there earns a disc, each element on a touching location a cube,
  and neither says which element it is.  Five detectives serve for the whole
  game.  The board itself (14 locations, which touch which, the tiles on
  them) is given by the text only as "the board": it is our model, ruled
  below and kept as data in rules.py.

  An element is "on" a location when its tile lies there (a culprit's
  suspect tile, a crime's crime tile) or, for the case's place, when it is
  that location (PI-DET-07).

  @PI-DET-01 @ruling @model-board
  Rule: Our board has 14 locations, each touching the ones listed here
    The text names no location and draws no board; the published
    descriptions give 14 locations, six of their names and no map.  We laid
    them out in four staggered rows so that the middle ones touch six others
    and the edges two or three, as the tips (¶36) suggest.
    Source: Placing a detective [Poser un détective] ¶15, ¶18

    Scenario Outline: <location> touches <neighbours>
      Given a game of Red and Blue
      Then <location> touches exactly <neighbours>

      Examples:
        | location        | neighbours                                                                 |
        | Harbour Front   | Dockyards and China Town                                                   |
        | Dockyards       | Harbour Front, Skid Row, China Town and Central Station                    |
        | Skid Row        | Dockyards, Little Italy, Central Station and City Hall                     |
        | Little Italy    | Skid Row and City Hall                                                     |
        | China Town      | Harbour Front, Dockyards, Central Station, Rick's Cafe and Union Square    |
        | Central Station | Dockyards, Skid Row, China Town, City Hall, Union Square and Theatre Row   |
        | City Hall       | Skid Row, Little Italy, Central Station, Theatre Row and Park Avenue       |
        | Rick's Cafe     | China Town, Union Square and Museum Hill                                   |
        | Union Square    | China Town, Central Station, Rick's Cafe, Theatre Row, Museum Hill and Grand Hotel |
        | Theatre Row     | Central Station, City Hall, Union Square, Park Avenue, Grand Hotel and Lakeside |
        | Park Avenue     | City Hall, Theatre Row and Lakeside                                        |
        | Museum Hill     | Rick's Cafe, Union Square and Grand Hotel                                  |
        | Grand Hotel     | Union Square, Theatre Row, Museum Hill and Lakeside                        |
        | Lakeside        | Theatre Row, Park Avenue and Grand Hotel                                   |

  @PI-DET-02 @ruling @model-board
  Rule: Each round every location gets one suspect tile and one crime tile at random, from 12 suspects and 2 "no suspect" tiles and from 10 crimes and 4 "no crime" tiles
    The text takes the tiles for granted; the published descriptions give
    their numbers.  Chance seeds them location by location, in the board's
    order (rules.py), all suspect tiles first, then all crime tiles.
    Source: Placing a detective [Poser un détective] ¶17

    @setup
    Example: the first tile seeded is a suspect tile, "no suspect" twice as likely as any one suspect
      Given a game of Red and Blue whose tiles are being seeded
      Then chance seeds a suspect tile on Harbour Front: each suspect 1 in 14, no suspect 2 in 14

    @setup
    Example: after the set-up the board holds every tile once, one of each kind per location
      Given a game of Red, Blue and Green
      Then every location holds one suspect tile and one crime tile, of 12 suspects, 2 no suspect, 10 crimes and 4 no crime

    Example: a board with the Vera Lane tile on two locations cannot be loaded
      Given a game of Red and Blue
      When a copy of the game in which the Vera Lane tile also lies on Lakeside is loaded
      Then the request is refused as bad_request

  @PI-DET-03
  Rule: A detective may be placed on any location of the board
    Source: Placing a detective [Poser un détective] ¶15

    Example: all 14 locations are open to Red
      Given a game of Red and Blue
      Then all 14 locations are open to Red's detectives

    Example: a place that is not a location of the board is refused
      Given a game of Red and Blue
      When Red tries to send {"type": "place", "location": "Atlantis"}
      Then the action is rejected as bad_request
      And the game is exactly as it was

  @PI-DET-04 @ruling
  Rule: A detective may be placed where detectives already stand, one's own or another player's
    The text sets no limit on a location.  Another player's detective says
    nothing about your own case, and a second one of your own tells you
    nothing new, but neither is forbidden.
    Source: Placing a detective [Poser un détective] ¶15

    Example: Red joins Blue's detective and an earlier one of Red's own on Skid Row
      Given a game of Red and Blue
      And a detective of Blue stands on Skid Row
      And a detective of Red stands on Skid Row
      When Red tries to place a detective on Skid Row
      Then the action is accepted

  @PI-DET-05
  Rule: Each player has five detectives for the whole game; a detective placed is used up and never comes back
    Source: Placing a detective [Poser un détective] ¶16

    Example: placing one leaves four
      Given a game of Red and Blue
      When Red places a detective on Skid Row
      Then Red has 0 points, 0 penalties and 4 detectives left

    Example: with none left Red may not place one
      Given a game of Red and Blue
      And Red has 0 detectives left
      Then Red may not place a detective
      When Red tries to place a detective on Skid Row
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: a player with a sixth detective cannot be loaded
      Given a game of Red and Blue
      When a copy of the game in which Red has 6 detectives left is loaded
      Then the request is refused as bad_request

    Example: detectives on the board count against the five
      Given a game of Red and Blue
      And a detective of Red stands on Skid Row
      When a copy of the game in which Red has 5 detectives left is loaded
      Then the request is refused as bad_request

  @PI-DET-06
  Rule: The detective earns one disc for each element of the player's own case that is on the chosen location
    Source: Placing a detective [Poser un détective] ¶17

    Scenario Outline: culprit on <culprit at>, place <place>, crime on <crime at>: <discs> discs and <cubes> cubes on Skid Row
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, <place> and Murder
      And the Vera Lane tile lies on <culprit at>
      And the Murder tile lies on <crime at>
      When Red places a detective on Skid Row
      Then the detective on Skid Row gives Red <discs> discs and <cubes> cubes

      Examples:
        | culprit at | place       | crime at    | discs | cubes |
        | Skid Row   | Skid Row    | Skid Row    | 3     | 0     |
        | Skid Row   | Lakeside    | Museum Hill | 1     | 0     |
        | Lakeside   | Museum Hill | Skid Row    | 1     | 0     |
        | Skid Row   | Lakeside    | Skid Row    | 2     | 0     |
        | Skid Row   | Dockyards   | Grand Hotel | 1     | 1     |

    Example: the cases of the others give Red nothing, not even the one Red knows
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Lakeside and Murder
      And the Vera Lane tile lies on Museum Hill
      And the Murder tile lies on Grand Hotel
      And Blue's case is Max Cole, Skid Row and Arson
      And Green's case is Dora Finch, Dockyards and Fraud
      And the Max Cole and Fraud tiles lie on Skid Row
      And the Dora Finch and Arson tiles lie on City Hall
      When Red places a detective on Skid Row
      Then the detective on Skid Row gives Red 0 discs and 0 cubes

  @PI-DET-07
  Rule: The detective earns one cube for each element of the player's own case on a location touching the chosen one, one per element even when two share a location
    Source: Placing a detective [Poser un détective] ¶18

    Scenario Outline: culprit on <culprit at>, place <place>, crime on <crime at>: <cubes> cubes on Skid Row
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, <place> and Murder
      And the Vera Lane tile lies on <culprit at>
      And the Murder tile lies on <crime at>
      When Red places a detective on Skid Row
      Then the detective on Skid Row gives Red <discs> discs and <cubes> cubes

      Examples:
        | culprit at      | place       | crime at        | discs | cubes |
        | Central Station | Lakeside    | City Hall       | 0     | 2     |
        | Central Station | Lakeside    | Central Station | 0     | 2     |
        | Dockyards       | Little Italy | City Hall      | 0     | 3     |
        | Union Square    | Theatre Row | Harbour Front   | 0     | 0     |
        | Skid Row        | Lakeside    | City Hall       | 1     | 1     |

  @PI-DET-08 @ruling
  Rule: The case's place is on the chosen location when it is that location, and next to it when it is a location touching it
    A suspect or a crime is somewhere through its tile; a place has no tile,
    it is a location.  So "present at the location" (¶17) can only mean being
    that location, and "at an adjacent location" (¶18) being a neighbour.
    Source: Placing a detective [Poser un détective] ¶17-18

    Scenario Outline: the place <place> alone gives <discs> discs and <cubes> cubes on Skid Row
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, <place> and Murder
      And the Vera Lane tile lies on Lakeside
      And the Murder tile lies on Museum Hill
      When Red places a detective on Skid Row
      Then the detective on Skid Row gives Red <discs> discs and <cubes> cubes

      Examples:
        | place        | discs | cubes |
        | Skid Row     | 1     | 0     |
        | Little Italy | 0     | 1     |
        | Theatre Row  | 0     | 0     |

  @PI-DET-09 @ruling
  Rule: A "no suspect" or "no crime" tile is nobody's element: no case can hold it and it never earns a disc or a cube
    The case decks hold only real suspects, locations and crimes (the
    published descriptions: 12, 14 and 10 cards), so a blank tile can never
    match a case.  It only fills a location.
    Source: Placing a detective [Poser un détective] ¶17-18

    Example: a case naming "no suspect" cannot be loaded
      Given a game of Red and Blue
      When a copy of the game in which Red's culprit is no suspect is loaded
      Then the request is refused as bad_request

    Example: blank tiles on and around Skid Row give nothing
      Given a game of Red and Blue
      And Red's case is Vera Lane, Lakeside and Murder
      And the Vera Lane tile lies on Museum Hill
      And the Murder tile lies on Grand Hotel
      And a no suspect and a no crime tile lie on Skid Row
      And a no suspect and a no crime tile lie on Central Station
      When Red places a detective on Skid Row
      Then the detective on Skid Row gives Red 0 discs and 0 cubes

  @PI-DET-10
  Rule: Discs and cubes give only a count: nobody is told which element of the case earned them
    Source: Placing a detective [Poser un détective] ¶17-18

    Example: the news of Red's detective names Skid Row and no suspect, crime or other location
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Dockyards and Murder
      And the Vera Lane tile lies on Skid Row
      And the Murder tile lies on Lakeside
      When Red places a detective on Skid Row
      Then the detective on Skid Row gives Red 1 disc and 1 cube
      And what anybody is told of it names no suspect, no crime and no location but Skid Row

  @PI-DET-11 @ruling
  Rule: Detectives, discs and cubes lie on the board in the open for everybody and stay there until the round ends
    The text has them put on the board, which all players see; it never takes
    them off before the round is over.
    Source: Placing a detective [Poser un détective] ¶15, ¶17-18

    Example: after Blue's turn, everybody still sees Red's detective, disc and cube
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Dockyards and Murder
      And the Vera Lane tile lies on Skid Row
      And the Murder tile lies on Lakeside
      When Red places a detective on Skid Row
      And Blue places a detective on Lakeside
      Then everybody sees that the detective on Skid Row gives Red 1 disc and 1 cube
