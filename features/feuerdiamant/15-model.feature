Feature: Our model of the components
  The rulebook section "Game Setup" and the pictures of the components give
  facts our text does not contain: the paths, the tracks, the dice, the 28 event
  tokens, the clue cards and the detective deck. Each is modelled as data in one
  place (statemachines/feuerdiamant/rules.py) and stated here as a ruling, so an
  implementation with another model can decline the @model-* tags.

  @FD-MOD-01 @ruling @model-board
  Rule: The board has ten locations joined by seventeen paths of one to three fingerprint spaces; the paths that roadblock tokens name have exactly one
    Source: Game Setup ¶12
    The rulebook names Zentrale, Jachthafen, Kunstgalerie, Zeitungsverlag,
    Palisades Park and Hospital; we add Schrottplatz, Rathaus, Leuchtturm and
    Wasserwerk, places of Rocky Beach the four cases speak of. The rulebook puts a
    roadblock on "the" fingerprint between two locations, so those paths have
    one. From the Central Office: Schrottplatz and Rathaus are 3 spaces away,
    Jachthafen 4, Hospital 5.

    Example: a 4 from the Central Office
      Given a 2-player game at difficulty 1
      And Peter has rolled "red" and 4
      And it is Peter's movement step on "Zentrale"
      Then Peter may move to "Jachthafen"
      And Peter may move to "Schrottplatz"
      And Peter cannot move to "Hospital"

  @FD-MOD-02 @ruling @model-tracks
  Rule: Each hazard track runs from space 1 to space 15, the last; its seven exclamation spaces are 6, 7, 9, 10, 12, 13 and 14; the cases Kidnapping, Blackmail, Fire Phantom and Diamond Theft have the colours brown, blue, red and white
    Source: Game Setup ¶12, ¶14
    The track lengths are not in our text. Fifteen spaces leave ten steps at the
    hardest level, and keep every exclamation space ahead of every start space,
    so no token is passed before the game begins. The colours follow the order in
    which the rulebook lists the cases and the colours.

    Example: the red track's tokens after the deal
      Given a 2-player game at difficulty 5
      Then the event tokens of the red track lie on spaces 6, 7, 9, 10, 12, 13 and 14

  @FD-MOD-03 @ruling @model-dice
  Rule: The hazard die shows brown, blue, red and white on one face each and the star on two; the movement die shows 1 to 6
    Source: Game Setup ¶16
    The rulebook shows neither die. Six faces, each hazard colour once, leave two
    faces for the star.

    Example: the odds of a roll
      Given a 2-player game at difficulty 1
      Then chance rolls "star" with probability 1 in 3
      And chance rolls "red" with probability 1 in 6

  @FD-MOD-04 @ruling @model-tokens
  Rule: The 28 event tokens are two of each one-symbol colour, one of each two-symbol colour, one roadblock for each one-fingerprint path, three "Palisades Park and Hospital", three "shuffle two suspects" and four "double the hazard die"
    Source: Game Setup ¶18
    The token texts are not in our text; these kinds are those the rulebook's
    notes describe, in numbers that add up to 28.

    Scenario Outline: the deal lays out <n> "<token>"
      Given a 2-player game at difficulty 1
      Then <n> event tokens read "<token>"

      Examples:
        | n | token                                  |
        | 2 | 1 red                                  |
        | 1 | 2 white                                |
        | 1 | roadblock Kunstgalerie~Zeitungsverlag  |
        | 3 | Palisades Park and Hospital            |
        | 3 | shuffle two suspects                   |
        | 4 | double the hazard die                  |

  @FD-MOD-05 @ruling @model-clues
  Rule: Each of the 24 clue cards points to one of six suspects (four each) and belongs to one of the four cases (six each); eight of them, two per colour, bear the obstacle symbol
    Source: Game Sequence ¶41-42; Uncovering the Criminal Cases ¶73
    The rulebook names the glove (Elliot Krieger), the hammer (Skinny Norris,
    with the obstacle symbol) and the timer switch (Victor Hugenay); the rest of
    the cards, and Brittany and Mr. Dalton as the fifth and sixth suspects, are
    ours.

    Example: the glove brings no obstacle, the rope does
      Given a 2-player game at difficulty 1
      And the clue "glove" lies face down at "Jachthafen"
      And the clue "rope" lies face down at "Rathaus"
      And it is Peter's action step on "Jachthafen"
      When Peter reveals the clue
      Then it is Peter's detective cards step
      When Peter ends the turn
      And the dice show "blue" and 1
      And Justus moves the blue hazard indicator
      And Justus moves to "Zentrale"
      Then it is Justus's action step

  @FD-MOD-06 @ruling @model-deck
  Rule: The detective deck holds 30 cards: three each of the four any-time cards and of "Central Office", two each of "Remove an Obstacle", "Remove a Roadblock" and "Recall", and one card for each suspect and each helper
    Source: Cards and Tokens ¶83-84
    The rulebook describes the kinds of card but not how many of each.

    Example: the first draw from a full stack
      Given a 2-player game at difficulty 1
      And it is Peter's action step on "Zentrale"
      Then the detective stack holds 30 cards
      When Peter draws a detective card
      Then chance draws "Investigation Success" with probability 3 in 30
      And chance draws "Wolf's Face" with probability 1 in 30

  @FD-MOD-07 @ruling
  Rule: Detective cards lie open in front of their owner: every player sees every hand
    Source: Game Sequence ¶70
    The game is cooperative and the rulebook never hides the cards; players help
    each other with them, so hands are public information.

    Example: Peter sees Justus's card
      Given a 2-player game at difficulty 1
      And Justus holds "Recall"
      Then Peter's view shows that Justus holds "Recall"
